"""OfflineCookBook (app label "CookBook", package com.benarmstead.simplecooking) 1.0.6.

Sources read: github.com/benarmstead/OfflineCookBook at tag v1.0.6, commit
23c21868ec4eeec5bb58f8468d248392b70ab4ec (2021-12-03, "Bump to 1.0.6"), the Android app of
the time (it moved to android/ and was rewritten later): MainActivity.kt,
res/layout/activity_main.xml, res/values/strings.xml, AndroidManifest.xml and the Hugo site it
shows, app/src/main/assets/html (index.html, tags/index.html, tags/italian/index.html,
posts/chicken-parmesan/index.html). No fix commit exists (the author answered that the app would
be rewritten, issue #7).

The app is one activity holding one WebView (id ``view``) that loads
file:///android_asset/html/index.html with JavaScript off. Its WebViewClient's
shouldOverrideUrlLoading loads ``url + "index.html"`` for a file: URL that does not end in
".html", and otherwise (since 1.0.6, commit 5e32bb1 "Open external links in default
browser") starts an ACTION_VIEW intent for the URL. Back goes back in the WebView's history
and never leaves the app (onBackPressed does not call super).

Bug OfflineCookBook#6 (crash): a link inside a recipe that points at another recipe is written
as a relative "<slug>.html" (the chicken parmesan recipe links "pasta-sauce.html" twice and
"pasta.html"); it resolves to file:///android_asset/html/posts/chicken-parmesan/pasta-sauce.html,
which ends in ".html", so the app starts ACTION_VIEW with a file:// URI and, with targetSdk 30
on Android 7+, StrictMode throws android.os.FileUriExposedException ("... exposed beyond app
through Intent.getData()") from startActivity inside shouldOverrideUrlLoading
(MainActivity.kt:36). The home list's one "…/index.html" link (Almeirim Stone Soup) takes the
same path.

Modelled: the WebView's page as the accessibility tree shows it (links as clickable
android.view.View nodes, text as TextViews): the header links "All Recepies" and "Tags", the home
list of all 249 recipes with their "N min read" lines, the Tags page with all 110 tags and
their counts, the Italian tag page, and the whole Chicken Parmesan recipe. Stubbed: every other
recipe page shows only its title and reading time, every other tag page only its heading; an
https link (the contribution links) starts a browser, which the model only logs. Uncertain: the
framework frames' line numbers below the app's frame (written for Android 7.1); how WebView's
accessibility tree splits a paragraph around its links. Nothing comes from the network.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed
from device_agent.virtual.stacks import message_frames
from device_agent.virtual.views import HORIZONTAL, Screen, View

PACKAGE = "com.benarmstead.simplecooking"
MAIN = ".MainActivity"
ASSET = "file:///android_asset"
HOME_URL = f"{ASSET}/html/index.html"
TAGS_URL = f"{ASSET}/html/tags/index.html"

# The home page's list (index.html): "slug=Title=minutes" in page order; a "*" after the slug
# marks the one entry whose link ends in "/index.html" instead of "/".
_HOME = """
    aljotta=Aljotta=2|almeirim-stone-soup*=Almeirim Stone Soup=3|apple-pie=Apple Pie=2|
    apple-strudel=Apple strudel=1|arroz-chaufa=Arroz Chaufa=1|
    asian-style-chicken-sticky-sauce=Asian Style Chicken with Sticky Sauce=2|
    assam-tea=Assam Tea=1|aussie-snags=Aussie Snags (sausage sizzle)=1|
    babas-feta-pasta=Baba's Feta Pasta=3|baked-mostaccioli=Baked Mostaccioli=1|
    baked-pasta-with-broccoli=Baked pasta with broccoli, boiled eggs and scamorza cheese=1|
    baked-salmon=Baked Salmon=1|banana-bread=Banana Bread=1|
    banana-muffins-with-chocolate=Banana Muffins with Chocolate=1|
    banana-pancakes=Banana Pancakes=1|bread=Basic Bread Recipe=3|
    basic-meatballs=Basic Meatballs=2|sweet-potato-fries=Basic Sweet Potato Fries Recipe=2|
    beef-goulash=Beef Goulash=2|beef-jerky=Beef Jerky=2|beef-kidney=Beef Kidney=1|
    stroganoff=Beef Stroganoff=1|beef-tips=Beef Tips in Gravy on Sour Cream Mashed Potatoes=3|
    belgian-pear-syrup=Belgian pear syrup=2|
    portuguese-steak-with-beer-sauce=Bitoque - Portuguese Steak with Beer Sauce=2|
    bloody-mary-mix=Bloody Mary Mix=1|bolinhos-de-coco=Bolinhos de Coco=1|
    bolo-do-caco=Bolo do Caco (Caco Bread)=2|bolognese-sauce=Bolognese Sauce=3|
    breakfast-wrap=Breakfast Wrap=1|breton-crepes=Breton Crêpes (Breton Galettes)=1|
    brigadeiro=Brigadeiro=1|ginger-garlic-broccoli=Broccoli with Ginger and Garlic Sauce=1|
    broiled-trevally=Broiled Trevally=1|brown-sauce=Brown Sauce=1|
    butter-chicken-masala=Butter Chicken Masala Curry=2|cacio-e-pepe=Cacio e Pepe=2|
    caesar-salad=Caesar Salad=1|cannellini-bean-salad=Cannellini Bean Salad=1|
    carbonade=Carbonade Flamande (Traditional Flemish beef stew)=2|carbonara=Carbonara=2|
    challah-bread=Challah Bread=2|cheesy-meatballs=Cheesy Meatballs with Tomato Sauce=2|
    cheesy-pasta-bake=Cheesy Pasta Bake=1|cheesy-potatoe-bake=Cheesy Potato Bake=1|
    chicharrones=Chicharrones=1|chicken-biscuit-potpie=Chicken Biscuit Potpie Recipe=1|
    chicken-in-red-wine-vinegar-sauce=Chicken in Red Wine Vinegar Sauce=1|
    chicken-parmesan=Chicken Parmesan=2|chicken-pasta-casserole=Chicken Pasta Casserole=1|
    chicken-soup=Chicken Soup=1|chicken-stock-bone-broth=Chicken Stock or Bone Broth=2|
    chicken-tenders-airfried=Chicken Tenders Airfried=1|chicken-wings=Chicken Wings=1|
    chicken-tomato-spinach-curry=Chicken, Tomato and Spinach Curry=2|
    chili-con-carne=Chili Con Carne=1|pork-based-chili-con-carne=Chilli con Carne=1|
    chimichanga=Chimichanga=1|chocolate-chip-cookies=Chocolate Chip Cookies=1|
    chorizo-and-chickpea-soup=Chorizo &amp; Chickpea Soup=1|cinque-pi=Cinque Pi=1|
    classic-bechamel-sauce=Classic béchamel sauce=2|coconut-oil-coffee=Coconut Oil Coffee=1|
    coleslaw=Coleslaw=1|
    collard-greens-with-smoked-duck-and-parnips=Collard Greens with Smoked Duck and Parsnips=2|
    cooked-chickpeas=Cooked Chickpeas=1|coriander-chicken=Coriander Chicken=2|
    corn-salsa=Corn Salsa=1|country-skillet=Country Breakfast Skillet=3|
    country-crisp-cereals=Country Crisp Cereals=1|crab-salad=Crab salad=1|
    creamy-mashed-potatoes=Creamy Mashed Potatoes=2|croutons=Croutons=1|
    curry-sauce=Curry sauce=1|danish-pancake=Danish Pancake=1|demi-glace=Demi-glace=1|
    diannes-southwest-salad=Dianne's Southwestern Cornbread Salad=1|
    dominican-spaghetti=Dominican Spaghetti=1|
    dried-tomato-plum-spread=Dried tomato & plum bread spread=1|
    drunken-beans=Drunken beans (Pintos Borrachos)=1|eggroll-in-a-bowl=Egg Roll in a Bowl=2|
    eggs=Eggs=2|erwtensoep=Erwtensoep (Dutch pea soup)=2|fajita-seasoning=Fajita Seasoning=1|
    fish-curry=Fish Curry=1|flammkuchen=Flammkuchen=2|fondue=Fondue=1|francesinha=Francesinha=2|
    french-crepes=French Crêpes=1|
    french-mustard-sauce-porkchops=French mustard sauce porkchops (Côtes de porc charcutières)=1|
    french-onion-soup=French Onion Soup=2|french-toast=French Toast=1|
    guacamole=Fresh Guacamole=1|fried-anglerfish-fillet=Fried Anglerfish fillet=2|
    fried-potatoes=Fried Potatoes=1|frittata=Frittata=2|garam-masala=Garam Masala=2|
    garlic-toast=Garlic Toast=1|ginataang-kalabasa=Ginataang Kalabasa=1|
    glutenfree-pfannkuchen=Glutenfree Pfannkuchen (pancakes)=1|
    gluehwein=Glühwein - mulled wine=1|gnocchi=Gnocchi=2|
    greek-easter-cookies=Greek Easter Cookies=2|burger-dressing=Hamburger dressing=1|
    hamburger-patties-all-beef=Hamburger Patties=1|hamburger-patties=Hamburger Patties=1|
    hangover-eggs=Hangover Eggs=2|hearty-breakfast-oatmeal=Hearty Breakfast Oatmeal=1|
    hellfire-steak=Hellfire Steak=1|hoisin-pork-belly=Hoisin Pork Belly=2|
    honey-garlic-chicken=Honey Garlic Chicken with Broccoli and Brown Rice=1|hummus=Hummus=3|
    instant-tom-yam-kung-noodle-soup=Instant Tom Yam Kung noodle soup=1|
    irish-coffee=Irish Coffee=1|italian-bread=Italian Bread=2|
    italian-mulled-wine=Italian Mulled Wine=1|japanese-noodle-soup=Japanese Noodle Soup=2|
    kalderetang-manok=Kalderetang Manok=1|ketchup=Ketchup=1|kvass=Kvass=2|
    lamb-biriyani=Lamb Biriyani=3|lasagna=Lasagna=2|lebanese-lentil-soup=Lebanese Lentil Soup=1|
    lemon-and-oregano-chicken-traybake=Lemon and oregano chicken traybake=2|
    lemon-juice-salad-dressing=Lemon juice salad dressing=1|lenten-chili=Lenten Chili=1|
    lenten-lentil-curry=Lenten Lentil Curry=1|limoncello=Limoncello=1|liverpate=Liver Pate=1|
    loaded-mexican-rice=Loaded Mexican Rice=1|lobster-bisque=Lobster bisque=2|
    mapo-tofu=Mapo Tofu (麻婆豆腐)=2|maque-choux=Maque Choux=1|
    marinated-pork-steaks=Marinated pork steaks=1|matcha-cookies=Matcha Cookies=2|
    mayonnaise-or-aioli=Mayonnaise or aioli=1|mazurek=Mazurek=1|meatloaf=Meatloaf=2|
    merchants-buckwheat=Merchant's Buckwheat=2|miso-ginger-pork=Miso Ginger Pork=1|
    miso-soup=Miso-soup=1|mushroom-risotto=Mushroom risotto=2|
    mushroom-stragonov=Mushroom Stroganov=2|naan-bread=Naan Bread=2|
    nashville-chicken=Nashville Chicken Sandwich=3|no-knead-bread=No-knead Bread=1|
    no-knead-pizza-dough=No-knead pizza dough=1|oatmeal-pancakes=Oatmeal Pancakes=1|oats=Oats=1|
    oaty-pancakes=Oaty Pancakes=1|okonomiyaki=Okonomiyaki=2|omelet=Omelet=1|
    onion-raitha=Onion Raitha (Indian Tzatziki)=1|orange-glorious=Orange Glorious=1|
    orange-jam=Orange jam=1|pan-pizza=Pan pizza=1|
    pan-seared-chicken=Pan-seared Chicken Fillet=2|pancake=Pancake=1|
    paneer-tikka-masala=Paneer Tikka Masala=2|parmesan-potatoes=Parmesan potatoes=1|
    party-mimosa=Party Mimosa=1|pasta=Pasta (store bought)=1|
    pasta-alla-norma=Pasta Alla Norma=2|pasta-navy-style=Pasta Navy Style=2|
    pasta-sauce=Pasta sauce=1|peanut-butter=Peanut Butter=1|pepper-sauce=Pepper Sauce=1|
    pho-soup=Pho Soup=2|pickled-onions=Pickled Red Onions=1|pilaf=Pilaf=2|
    pizza-dough=Pizza Dough=1|pizza-sauce=Pizza sauce=1|
    potato-and-eggplant-curry=Potato and Eggplant (Aubergine) Curry=1|
    potato-leek-soup=Potato Leek Soup=1|sourdough-potato-bread=Potato sourdough bread=1|
    pozharskiye-cutlets=Pozharskiye Cutlets=2|
    pate-chinois=Pâté Chinois (Quebec Style Shepherd’s Pie)=3|
    quarkbaellchen=Quarkbällchen – Fried curd balls=1|quesadilla=Quesadilla=2|
    quickbreakfastspaghetti=Quick Breakfast Spaghetti=2|ragu-napoletano=Ragu Napoletano=3|
    ragu=Ragù=2|ravioli=Ravioli=4|red-sauce=Red Sauce (Ragu all'Italiana)=1|
    refried-beans=Refried Beans=2|rice=Rice=1|ricotta-lasagna-filling=Ricotta lasagna filling=1|
    roasted-chicken-breast=Roasted chicken breast=2|
    russian-1000-islands-sauce=Russian 1000 Islands Sauce=1|roesti=Rösti=2|
    salsa-verde=Salsa Verde=1|sauerkraut=Sauerkraut=1|sausage-rolls=Sausage Rolls=1|
    savory-squash=Savory Squash=1|scandinavian-coffee-cake=Scandinavian Coffee Cake=2|
    schinkenfleckerl-gratinated=Schinkenfleckerl überbacken, Viennese Mac'n'Cheese=2|
    schnitzel=Schnitzel=1|shakshouka=Shakshouka=1|shepherds-pie=Shepherd's Pie=1|
    shrimp-and-grits=Shrimp and Grits=1|gumbo-shrimp-and-sausage=Shrimp and Sausage Gumbo=2|
    simple-chicken-curry=Simple Chicken Curry=1|
    simple-pasta-cream-sauce=Simple Creamy Pasta Sauce=1|simple-sauce=Simple sauce=1|
    tuna-salad=Simple Tuna Salad=1|chicken-tacos=Slow-cooked Chicken Tacos=1|
    pork-carnitas=Slow-cooked Pork Carnitas=1|turkey-smoked=Smoked Turkey=2|
    soleier=Soleier (pickled eggs)=2|lentejas=Sopa de Lentejas=1|
    sourdough-bread-with-seeds-and-grains=Sourdough bread with seeds and grains=1|
    sourdough-starter=Sourdough starter=2|sourdough-loaf=Sourdough Table Loaf=4|
    southern-biscuits=Southern Biscuits=1|aglio-e-olio=Spaghetti aglio e olio=1|
    spaghetti-all-amatriciana=Spaghetti all'amatriciana=1|
    spaghetti-alla-puttanesca=Spaghetti alla puttanesca=1|
    spaghetti-and-meatballs=Spaghetti and Meatballs=3|spanish-tortilla=Spanish Tortilla=2|
    spatchcock-chicken=Spatchcock Chicken=1|spicy-mayo=Spicy Mayo=1|
    sticky-porkchops=Sticky Porkchops=1|
    stir-fried-chicken-with-an-orange-sauce=Stir Fried Chicken with an Orange Sauce=2|
    stoemp=Stoemp=1|stoofvlees=Stoofvlees=2|stuffed-round-squash=Stuffed Round Squash=1|
    sunday-milkshake=Sunday Morning Milkshake=1|swedish-pancakes=Swedish Pancakes=1|
    taco-meat=Taco Meat=1|tanzania-tea-with-milk=Tanzanian Tea w/ Milk=1|
    tiroler-groestl=Tiroler Gröstl=1|tofu-stir-fry=Tofu Stir Fry=2|
    tomato-and-grilled-paprika-soup=Tomato and Grilled Bell Pepper soup=1|
    tomato-flavored-hamburger-macaroni=Tomato Flavored Hamburger and Macaroni=2|
    torrijas=Torrijas=1|tortellini=Tortellini=1|beef-stew=Traditional beef or lamb stew=2|
    tuhu=Tuh'u=2|tuna-sub=Tuna Sub=1|turkish-yogurt-soup=Turkish Yogurt Soup=1|
    tuscan-style-pork-roast=Tuscan Style Pork Roast=3|ukrainian-borscht=Ukrainian Borscht=2|
    ukrainian-vareniki=Ukrainian Vareniki=2|yibin-burning-noodles=Yibin Burning Noodles=2|
    yogurt=Yogurt=1|yorkshire-puddings=Yorkshire Puddings=1|zarangollo=Zarangollo=1|zopf=Zopf=1|
    aelplermagronen=Älplermagronen (Alpine macaroni)=2
"""

# The Tags page (tags/index.html): "slug=Title=count" in page order.
_TAGS = """
    basic=Basic=35|quick=Quick=34|italian=Italian=29|sweet=Sweet=22|breakfast=Breakfast=18|
    beef=Beef=16|sauce=Sauce=16|chicken=Chicken=15|pasta=Pasta=15|american=American=13|
    bread=Bread=13|dessert=Dessert=13|pork=Pork=13|side=Side=13|mexican=Mexican=12|
    snack=Snack=11|drink=Drink=10|soup=Soup=10|french=French=9|potato=Potato=9|indian=Indian=7|
    eggs=Eggs=6|fish=Fish=6|rice=Rice=6|asian=Asian=5|beans=Beans=5|curry=Curry=5|
    german=German=5|russian=Russian=5|salad=Salad=5|spread=Spread=5|swiss=Swiss=5|
    chinese=Chinese=4|japanese=Japanese=4|lamb=Lamb=4|pancake=Pancake=4|portuguese=Portuguese=4|
    spanish=Spanish=4|austrian=Austrian=3|mediterranean=Mediterranean=3|pizza=Pizza=3|
    sourdough=Sourdough=3|stew=Stew=3|vegetables=Vegetables=3|alcohol=Alcohol=2|bacon=Bacon=2|
    broccoli=Broccoli=2|cabbage=Cabbage=2|cake=Cake=2|cheese=Cheese=2|cheesefare=Cheesefare=2|
    english=English=2|filipino=Filipino=2|fruit=Fruit=2|greek=Greek=2|lunch=Lunch=2|pie=Pie=2|
    spicy=Spicy=2|supper=Supper=2|thai=Thai=2|ukrainian=Ukrainian=2|wine=Wine=2|aioli=Aioli=1|
    australian=Australian=1|beetroot=Beetroot=1|belgian=Belgian=1|brazilian=Brazilian=1|
    cereals=Cereals=1|cookies=Cookies=1|corn=Corn=1|digestivo=Digestivo=1|dominican=Dominican=1|
    dumpling=Dumpling=1|dutch=Dutch=1|easter=Easter=1|feta=Feta=1|flemish=Flemish=1|fry=Fry=1|
    ham=Ham=1|hungarian=Hungarian=1|irish=Irish=1|israeli=Israeli=1|jam=Jam=1|kidney=Kidney=1|
    lemons=Lemons=1|lentil=Lentil=1|liquor=Liquor=1|macaroni=Macaroni=1|milk=Milk=1|
    mushrooms=Mushrooms=1|mutton=Mutton=1|noodles=Noodles=1|pate=Pate=1|peruvian=Peruvian=1|
    polish=Polish=1|quebec=Quebec=1|sandwich=Sandwich=1|seafood=Seafood=1|
    slowcooked=Slowcooked=1|southern=Southern=1|southwest=Southwest=1|stock=Stock=1|
    swedish=Swedish=1|syrup=Syrup=1|tofu=Tofu=1|tomato=Tomato=1|tuna=Tuna=1|turkish=Turkish=1|
    uzbek=Uzbek=1|vietnamese=Vietnamese=1
"""


def _table(text: str) -> list[tuple[str, str, str]]:
    """The ``a=b=c|...`` entries of a data block, as triples."""
    joined = "".join(line.strip() for line in text.strip().splitlines())
    return [tuple(entry.split("=")) for entry in joined.split("|")]  # type: ignore[misc]


RECIPES = _table(_HOME)
TITLES = {slug.rstrip("*"): title for slug, title, _ in RECIPES}
MINUTES = {slug.rstrip("*"): minutes for slug, _, minutes in RECIPES}
TAGS = _table(_TAGS)
TAG_NAMES = {slug: name for slug, name, _ in TAGS}
ITALIAN = [
    "baked-pasta-with-broccoli",
    "basic-meatballs",
    "bolognese-sauce",
    "cacio-e-pepe",
    "caesar-salad",
    "cannellini-bean-salad",
    "carbonara",
    "cheesy-pasta-bake",
    "chicken-parmesan",
    "chicken-pasta-casserole",
    "cinque-pi",
    "frittata",
    "gnocchi",
    "italian-bread",
    "lasagna",
    "mushroom-risotto",
    "pasta",
    "pasta-alla-norma",
    "pasta-sauce",
    "ragu-napoletano",
    "ragu",
    "red-sauce",
    "ricotta-lasagna-filling",
    "aglio-e-olio",
    "spaghetti-all-amatriciana",
    "spaghetti-alla-puttanesca",
    "spaghetti-and-meatballs",
    "tortellini",
    "tuscan-style-pork-roast",
]

# posts/chicken-parmesan/index.html's content: (tag, text) blocks, a link written [text](href).
CHICKEN_PARMESAN = [
    ("p", "The recipe that started this very site."),
    ("h2", "Ingredients"),
    ("li", "chicken breasts"),
    ("li", "tomatoes (San Marzano is best)"),
    ("li", "mozzarella cheese"),
    ("li", "parmesan cheese"),
    ("li", "bread crumbs"),
    ("li", "eggs"),
    ("li", "flour"),
    ("li", "[pasta sauce](pasta-sauce.html)"),
    ("h2", "Directions"),
    ("li", "Slice the chicken breasts through their width so that they are as flat as possible."),
    ("li", "Pound breasts as flat as possible."),
    ("li", "Add flour to a bowl or basin large enough to fit a breast, add pepper."),
    ("li", "Crack eggs into another large bowl or basin and whisk them."),
    (
        "li",
        "Add breadcrumbs to yet another large bowl or basin. Add generous amounts of grated "
        "parmesan.",
    ),
    (
        "li",
        "One by one, take each breast and dip and cover it in the flour, then the egg, then the "
        "bread crumbs.",
    ),
    ("li", "Cover a pan with olive oil and heat it just under when it begins to smoke."),
    (
        "li",
        "Fry the bread crumb-coated chicken breasts in the oil. Add butter generously while "
        "frying to ensure frying oil does not evaporate.",
    ),
    ("li", "Move fried breasts to an oiled or buttered pan, add mozzarella and parmesan on them."),
    ("li", "Broil/cook the breasts only long enough for the cheese to melt."),
    (
        "li",
        "Serve the breasts with [pasta sauce](pasta-sauce.html) either above or below. This is "
        "often served with [pasta](pasta.html).",
    ),
    ("h2", "Note"),
    (
        "p",
        "There is some controversy over when to add the pasta sauce to this dish. Some place it "
        "on the chicken before cooking it with the mozzarella. The sauce, if left on the chicken "
        "too long will make the breadcrumbs go soggy. That also will make leftovers mushy (while "
        "still tasty). I recommend keeping the breasts separate and only adding the sauce when "
        "served.",
    ),
    ("h2", "Contribution"),
    (
        "li",
        "Luke Smith – [website](https://lukesmith.xyz), [donate](https://lukesmith.xyz/donate)",
    ),
]
LINK = re.compile(r"\[([^\]]+)\]\(([^)]+)\)")


def resolve(base: str, href: str) -> str:
    """The URL WebView hands shouldOverrideUrlLoading for ``href`` on the page ``base``."""
    if "://" in href:
        return href
    if href.startswith("/"):
        return "file://" + href
    return base.rsplit("/", 1)[0] + "/" + href


def file_uri_exposed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of OfflineCookBook#6: the app died of a FileUriExposedException for a
    recipe page's URL."""
    return crashed(
        system, PACKAGE, "android.os.FileUriExposedException", "/android_asset/html/posts/"
    )


def link(text: str, handler: Any) -> View:
    """An <a> as WebView's accessibility tree shows it: a clickable View with its text."""
    return View(cls="android.view.View", text=text, on_click=handler, height=110)


def text(value: str, height: int = 110) -> View:
    return w.text_view(value, height=height)


class OfflineCookBook(VirtualApp):
    """CookBook 1.0.6: one WebView showing the bundled Hugo site."""

    name: ClassVar[str] = "OfflineCookBook"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "CookBook"
    version: ClassVar[str] = "1.0.6"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "OfflineCookBook#6",
            "crash",
            "Certain Recipe Links Crash The App",
            file_uri_exposed,
            human_steps=(
                *[{"kind": "swipe", "direction": "up"}] * 6,
                click(PACKAGE, text="Chicken Parmesan", cls="android.view.View"),
                click(PACKAGE, text="pasta sauce", cls="android.view.View"),
            ),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {}

    def on_create(self, ctx: AppContext) -> None:
        # onCreate: view.loadUrl(homeUrl); the WebView's history is not saved or restored.
        ctx.ui.setdefault("url", HOME_URL)
        ctx.ui.setdefault("history", [])
        ctx.ui.setdefault("scroll", 0)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        return {}

    def on_back(self, ctx: AppContext) -> bool:
        # onBackPressed: goBack() when view.canGoBack(); super is never called.
        if ctx.ui.get("history"):
            ctx.ui["url"], ctx.ui["scroll"] = ctx.ui["history"].pop()
        return True

    # -- WebViewClient ------------------------------------------------------------------------
    def load(self, ctx: AppContext, url: str) -> None:
        ctx.ui["history"].append([ctx.ui["url"], ctx.ui.get("scroll", 0)])
        ctx.ui["url"] = url
        ctx.ui["scroll"] = 0

    def should_override_url_loading(self, ctx: AppContext, url: str) -> None:
        if url[:4] == "file" and url[-5:] != ".html":
            self.load(ctx, url + "index.html")
            return
        if url.startswith("file://"):
            # startActivity(ACTION_VIEW, file://...): StrictMode's file URI exposure check.
            raise JavaException(
                "android.os.FileUriExposedException",
                f"{url} exposed beyond app through Intent.getData()",
                [
                    "android.os.StrictMode.onFileUriExposed(StrictMode.java:1799)",
                    "android.net.Uri.checkFileUriExposed(Uri.java:2346)",
                    "android.content.Intent.prepareToLeaveProcess(Intent.java:8965)",
                    "android.content.Intent.prepareToLeaveProcess(Intent.java:8926)",
                    "android.app.Instrumentation.execStartActivity(Instrumentation.java:1505)",
                    "android.app.Activity.startActivityForResult(Activity.java:4229)",
                    "androidx.activity.ComponentActivity.startActivityForResult"
                    "(ComponentActivity.java:597)",
                    "android.app.Activity.startActivityForResult(Activity.java:4187)",
                    "androidx.activity.ComponentActivity.startActivityForResult"
                    "(ComponentActivity.java:583)",
                    "android.app.Activity.startActivity(Activity.java:4515)",
                    "android.app.Activity.startActivity(Activity.java:4483)",
                    "com.benarmstead.simplecooking.MainActivity$onCreate$1"
                    ".shouldOverrideUrlLoading(MainActivity.kt:36)",
                    "android.webkit.WebViewClient.shouldOverrideUrlLoading(WebViewClient.java:83)",
                    "org.chromium.android_webview.AwContentsClientBridge.shouldOverrideUrlLoading"
                    "(AwContentsClientBridge.java:15)",
                    *message_frames(25),
                ],
            )
        ctx.log("ActivityTaskManager", f"START u0 {{act=android.intent.action.VIEW dat={url}}}")

    def follow(self, ctx: AppContext, href: str) -> None:
        self.should_override_url_loading(ctx, resolve(ctx.ui["url"], href))

    # -- pages --------------------------------------------------------------------------------
    def block(self, kind: str, value: str) -> View:
        """One content block; links inside it become their own nodes."""
        parts: list[View] = []
        pos = 0
        for found in LINK.finditer(value):
            if found.start() > pos:
                parts.append(text(value[pos : found.start()].strip()))
            parts.append(link(found.group(1), w.bind(self.follow, found.group(2))))
            pos = found.end()
        if pos < len(value):
            parts.append(text(value[pos:].strip()))
        if kind in ("h1", "h2"):
            return text(value, height=150)
        if len(parts) == 1:
            return parts[0]
        return View(cls="android.view.View", layout=HORIZONTAL, height=110, children=parts)

    def posts_list(self, slugs: list[str], stars: set[str]) -> list[View]:
        rows: list[View] = []
        for slug in slugs:
            suffix = "index.html" if slug in stars else ""
            href = f"/android_asset/html/posts/{slug}/{suffix}"
            title = link(TITLES[slug], w.bind(self.follow, href))
            minutes = text(f"{MINUTES[slug]} min read", height=80)
            rows.append(View(cls="android.view.View", height=190, children=[title, minutes]))
        return rows

    def page(self, url: str) -> tuple[str, list[View]]:
        """The document title and the body blocks of the page at ``url``."""
        path = url.removeprefix(f"{ASSET}/html/").removesuffix("index.html").strip("/")
        if not path:
            stars = {slug.rstrip("*") for slug, _, _ in RECIPES if slug.endswith("*")}
            slugs = [slug.rstrip("*") for slug, _, _ in RECIPES]
            return "Cooking", [text("Home", height=150), *self.posts_list(slugs, stars)]
        if path == "tags":
            rows = [
                link(f"({count}) {name}", w.bind(self.follow, f"/android_asset/html/tags/{slug}/"))
                for slug, name, count in TAGS
            ]
            return "Tags", [text("Tags", height=150), *rows]
        if path.startswith("tags/"):
            name = TAG_NAMES.get(path[5:], path[5:])
            listed = self.posts_list(ITALIAN, set()) if path == "tags/italian" else []
            return name, [text(name, height=150), *listed]
        if path.startswith("posts/") and path[6:] in TITLES:
            slug = path[6:]
            head = [text(TITLES[slug], height=150), text(f"{MINUTES[slug]} min read")]
            if slug != "chicken-parmesan":
                return TITLES[slug], head
            tag = link("Italian", w.bind(self.follow, "/android_asset/html/tags/italian/"))
            body = [self.block(kind, value) for kind, value in CHICKEN_PARMESAN]
            return TITLES[slug], [*head, tag, *body]
        # WebView's own error page for a missing asset.
        return "Webpage not available", [
            text("Webpage not available", height=150),
            text(f"The webpage at {url} could not be loaded because:"),
            text("net::ERR_FILE_NOT_FOUND"),
        ]

    def render(self, ctx: AppContext) -> Screen:
        title, body = self.page(ctx.ui["url"])
        header = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=120,
            children=[
                link("All Recepies", w.bind(self.follow, "/android_asset/html/")),
                text("|"),
                link("Tags", w.bind(self.follow, "/android_asset/html/tags/")),
            ],
        )
        web = View(
            cls="android.webkit.WebView",
            resource_id="view",
            text=title,
            scrollable=True,
            scroll_key="scroll",
            children=[header, *body],
        )
        return Screen(content=w.frame_layout([web]))


_UP = {"kind": "swipe", "direction": "up"}
_TO_CHICKEN = [_UP] * 6 + [click(PACKAGE, text="Chicken Parmesan", cls="android.view.View")]

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "OfflineCookBook#6": [
        # Opening the recipe and reading it, without tapping a link in it.
        [*_TO_CHICKEN, _UP, _UP],
        # The recipe's tag link instead of the pasta sauce link.
        [*_TO_CHICKEN, click(PACKAGE, text="Italian", cls="android.view.View")],
        # Pasta sauce opened from the Italian tag page (its link ends in "/").
        [
            click(PACKAGE, text="Tags", cls="android.view.View"),
            click(PACKAGE, text="(29) Italian", cls="android.view.View"),
            _UP,
            _UP,
            click(PACKAGE, text="Pasta sauce", cls="android.view.View"),
        ],
        # Into the recipe, Back to the list, then another recipe.
        [*_TO_CHICKEN, {"kind": "press_back"}, click(PACKAGE, text="Chicken Soup")],
    ],
}
