"""Privacy Friendly Weather (``org.secuso.privacyfriendlyweather``) 2.0, for
privacy-friendly-weather#61.

Modelled from the sources at tag ``v2.0`` (``AndroidManifest.xml``,
``firststart/TutorialActivity.java``, ``ui/AutoCompleteCityTextViewGenerator.java``,
``res/layout/activity_tutorial.xml``, ``tutorial_slide1..3.xml``, ``activity_firstlocation.xml``,
``activity_forecast_city.xml``, ``res/menu/activity_forecast_city.xml``,
``activity_main_drawer.xml``, ``res/values/strings.xml``) and the fix, commit ``85661c6``:

- the launcher opens ``SplashActivity``, which starts the first-run ``TutorialActivity``: a
  ViewPager of four pages ("Welcome!", "How To", "Github", then "The First Location" with the
  city field ``autoCompleteTvAddFirstStart``), page dots (``layoutDots``), ``Skip``
  (``btn_skip``, jumps to the last page) and ``Next`` (``btn_next``, "Okay" on the last page,
  where Skip is gone); swiping left/right turns pages too;
- typing into the city field suggests matching cities from the app's bundled city database (the
  model holds a fixed excerpt of it: no network is needed to pick a city); "Okay" without a
  chosen city shows the app's "No location was found..." toast, with one opens the forecast
  screen (``ForecastCityActivity``: drawer, the city as title, "refresh"; the weather data,
  which needs the network, is not modelled: the page says so).

The bug (privacy-friendly-weather#61): rotating re-creates TutorialActivity; the ViewPager
restores its page during ``onRestoreInstanceState`` before any page view exists and dispatches
``onPageSelected(3)``, whose ``findViewById(R.id.autoCompleteTvAddFirstStart)`` returns null, and
``AutoCompleteCityTextViewGenerator.generate`` calls ``setAdapter`` on it: a
``NullPointerException``. Pages 1-3 select no view and survive rotation. The report has no
trace; the frames are the model's, in the app's and the support library's real classes. The fix
(2.1) moved the lookup into ``instantiateItem``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "org.secuso.privacyfriendlyweather"
SPLASH = ".activities.SplashActivity"
TUTORIAL = ".firststart.TutorialActivity"
FORECAST = ".activities.ForecastCityActivity"

PAGES = (
    (
        "Welcome!",
        "Privacy Friendly Weather is an App to check the current Weather and Forecasts for your "
        "Locations.",
    ),
    (
        "How To",
        "You can choose your own locations and get detailed information about the current "
        "weather. You can search for the best weather in a radius around you or place a widgets "
        "on your homescreen showing the current weather, a three day forecast or a five day "
        "forecast",
    ),
    (
        "Github",
        "The sourcecode of this app is available at GitHub. For further explanations have a look "
        "at the About Page.",
    ),
    ("The First Location", "And now add your first Location"),
)
LAST = len(PAGES) - 1
NO_CITY = (
    "No location was found that matches your input. It is recommended to select one of the "
    "items from the dropdown list."
)
# A fixed excerpt of the bundled city database (city, country code): the suggestions a test
# device shows without any network.
CITIES = (
    ("Berlin", "DE"),
    ("Bern", "CH"),
    ("Bergen", "NO"),
    ("Darmstadt", "DE"),
    ("Karlsruhe", "DE"),
    ("London", "GB"),
    ("Londrina", "BR"),
    ("Paris", "FR"),
    ("New York", "US"),
    ("Tokyo", "JP"),
)
DRAWER = ("Main", "Manage locations", "Radius Search", "Settings", "Help", "About")

RESTORE_FRAMES = (
    "org.secuso.privacyfriendlyweather.firststart.TutorialActivity$1.onPageSelected("
    "TutorialActivity.java:215)",
    "android.support.v4.view.ViewPager.dispatchOnPageSelected(ViewPager.java:1945)",
    "android.support.v4.view.ViewPager.setCurrentItemInternal(ViewPager.java:665)",
    "android.support.v4.view.ViewPager.onRestoreInstanceState(ViewPager.java:1455)",
    "android.view.View.dispatchRestoreInstanceState(View.java:17709)",
    "android.view.ViewGroup.dispatchRestoreInstanceState(ViewGroup.java:3745)",
    "android.view.View.restoreHierarchyState(View.java:17687)",
    "com.android.internal.policy.PhoneWindow.restoreHierarchyState(PhoneWindow.java:2114)",
    "android.app.Activity.onRestoreInstanceState(Activity.java:1102)",
    "android.app.Activity.performRestoreInstanceState(Activity.java:1057)",
    "android.app.Instrumentation.callActivityOnRestoreInstanceState(Instrumentation.java:1260)",
    "android.app.ActivityThread.performLaunchActivity(ActivityThread.java:2668)",
    "android.app.ActivityThread.handleLaunchActivity(ActivityThread.java:2751)",
    "android.app.ActivityThread.handleRelaunchActivity(ActivityThread.java:4470)",
    "android.app.ActivityThread.-wrap19(ActivityThread.java)",
    "android.app.ActivityThread$H.handleMessage(ActivityThread.java:1506)",
    "android.os.Handler.dispatchMessage(Handler.java:102)",
    "android.os.Looper.loop(Looper.java:154)",
    "android.app.ActivityThread.main(ActivityThread.java:6077)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "com.android.internal.os.ZygoteInit$MethodAndArgsCaller.run(ZygoteInit.java:865)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:755)",
)


def _restored_last_page() -> JavaException:
    npe = JavaException(
        "java.lang.NullPointerException",
        "Attempt to invoke virtual method 'void android.widget.AutoCompleteTextView.setAdapter("
        "android.widget.ListAdapter)' on a null object reference",
        frames=[
            "org.secuso.privacyfriendlyweather.ui.AutoCompleteCityTextViewGenerator.generate("
            "AutoCompleteCityTextViewGenerator.java:64)",
            *RESTORE_FRAMES,
        ],
    )
    return JavaException(
        "java.lang.RuntimeException",
        "Unable to start activity ComponentInfo{org.secuso.privacyfriendlyweather/"
        "org.secuso.privacyfriendlyweather.firststart.TutorialActivity}: "
        f"java.lang.NullPointerException: {npe.message}",
        frames=list(RESTORE_FRAMES[11:]),
        cause=npe,
    )


def _crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    return crashed(system, PACKAGE, "", "TutorialActivity")


def _click(rid: str, text: str = "", cls: str = "android.widget.Button") -> dict[str, Any]:
    return click(PACKAGE, rid, text, cls=cls)


BUG_61 = BugSpec(
    bug_id="privacy-friendly-weather#61",
    kind="crash",
    title="Weather (Privacy Friendly) App crash, when rotate 'The First Location' screen from "
    "portrait to landscape",
    oracle=_crashed,
    human_steps=(
        _click("btn_next", "Next"),
        _click("btn_next", "Next"),
        _click("btn_next", "Next"),
        {"kind": "rotate", "orientation": "landscape"},
    ),
)


class PrivacyFriendlyWeather20(VirtualApp):
    """Privacy Friendly Weather 2.0 (see the module docstring)."""

    name: ClassVar[str] = "privacy-friendly-weather"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Weather"
    version: ClassVar[str] = "2.0"
    launch_activity: ClassVar[str] = SPLASH
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_61,)
    # 2.0: the last page's city field is looked up in onPageSelected (null during a restore).
    LOOKUP_IN_PAGE_SELECTED: ClassVar[bool] = True

    def initial_data(self) -> dict[str, Any]:
        return {"first_time_launch": True, "cities_to_watch": []}

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == SPLASH:
            nxt = TUTORIAL if ctx.data["first_time_launch"] else FORECAST
            ctx.start_activity(nxt)
            ctx.finish()
        elif ctx.activity == TUTORIAL:
            restored = ui.get("page", 0)
            ui.setdefault("page", 0)
            ui.setdefault("city_text", "")
            ui.setdefault("city", None)
            # onRestoreInstanceState → ViewPager.setCurrentItemInternal → onPageSelected(page)
            if self.LOOKUP_IN_PAGE_SELECTED and restored == LAST:
                raise _restored_last_page()
        elif ctx.activity == FORECAST:
            ui.setdefault("drawer", False)

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == TUTORIAL and direction in ("left", "right"):
            step = 1 if direction == "left" else -1
            ctx.ui["page"] = max(0, min(LAST, ctx.ui["page"] + step))
            return True
        if ctx.activity == FORECAST and direction == "right":
            ctx.ui["drawer"] = True
            return True
        return False

    def on_back(self, ctx: AppContext) -> bool:
        return ctx.activity == FORECAST and w.dismiss(ctx.ui, "drawer")

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == TUTORIAL:
            return self._render_tutorial(ctx)
        if ctx.activity == FORECAST:
            return self._render_forecast(ctx)
        return Screen(content=w.frame_layout())  # the splash, for a frame

    def _render_tutorial(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        page_no = ui["page"]
        heading, text = PAGES[page_no]
        children = [
            w.text_view(heading, height=200),
            w.image_view(height=500),
            w.text_view(text, height=300),
        ]
        if page_no == LAST:
            children.append(
                w.edit_text(
                    "autoCompleteTvAddFirstStart",
                    ui["city_text"],
                    self._type_city,
                    cls="android.widget.AutoCompleteTextView",
                )
            )
        page = w.relative_layout([w.linear_layout(children)])
        dots = w.linear_layout(
            [w.text_view("•", width=60, selected=i == page_no) for i in range(len(PAGES))],
            rid="layoutDots",
            horizontal=True,
        )
        last = page_no == LAST
        advance = w.button("btn_next", "Okay" if last else "Next", self._next, width=300)
        skip = (
            None
            if last
            else w.button("btn_skip", "Skip", lambda c: c.ui.update(page=LAST), width=300)
        )
        content = w.intro_pager(
            page,
            skip=skip,
            indicator=dots,
            advance=advance,
            root_cls="android.widget.RelativeLayout",
        )
        return Screen(content=content, windows=self._suggestions(ctx))

    def _suggestions(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        typed = ui["city_text"].strip().lower()
        if ui["page"] != LAST or len(typed) < 2 or ui["city"] is not None:
            return []
        matches = [c for c in CITIES if c[0].lower().startswith(typed)][:8]
        if not matches:
            return []
        rows = [
            w.text_view(
                f"{city}, {country}",
                "android:id/text1",
                on_click=w.bind(self._pick_city, f"{city}, {country}"),
                height=126,
            )
            for city, country in matches
        ]
        listing = View(cls="android.widget.ListView", weight=0, children=rows)
        # The drop-down is not modal (typing goes on); with the keyboard up there is no room
        # below the field, so it opens above it (the field's top is at 1063 px in portrait).
        bounds = (60, 1063 - 126 * len(rows), 1020, 1063)
        return [Window(root=listing, kind="menu", modal=False, bounds=bounds)]

    def _render_forecast(self, ctx: AppContext) -> Screen:
        watched = ctx.data["cities_to_watch"]
        title = watched[0].split(",")[0] if watched else "Weather"
        bar = w.toolbar(
            title,
            navigation=w.nav_button(w.OPEN_DRAWER, lambda c: c.ui.update(drawer=True)),
            actions=[w.action_item("menu_refresh", "refresh", lambda c: c.toast("No internet"))],
        )
        body = w.text_view(
            "No weather data yet: the forecast needs the network (not modelled)",
            "noCitySelectedText",
            height=400,
        )
        content = w.linear_layout([bar, body])
        drawer = None
        if ctx.ui.get("drawer"):
            drawer = View(
                cls="android.support.design.widget.NavigationView",
                resource_id="nav_view",
                width=800,
                children=[
                    w.drawer_entry(t, lambda c: c.ui.update(drawer=False), checked=t == "Main")
                    for t in DRAWER
                ],
            )
        root = w.drawer_layout(content, drawer, cls="android.support.v4.widget.DrawerLayout")
        return Screen(content=View(layout=FRAME, children=[root]))

    # -- handlers ----------------------------------------------------------------------------
    def _type_city(self, ctx: AppContext, text: str) -> None:
        ctx.ui["city_text"] = text
        ctx.ui["city"] = None

    def _pick_city(self, ctx: AppContext, city: str) -> None:
        ctx.ui["city_text"] = city
        ctx.ui["city"] = city

    def _next(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ui["page"] < LAST:
            ui["page"] += 1
            return
        city = ui["city"]
        if city is None:
            exact = [f"{c}, {k}" for c, k in CITIES if c.lower() == ui["city_text"].strip().lower()]
            city = exact[0] if len(exact) == 1 else None
        if city is None:
            ctx.toast(NO_CITY)
            return
        ctx.data["first_time_launch"] = False
        ctx.data["cities_to_watch"].append(city)
        ctx.start_activity(FORECAST)
        ctx.finish()
