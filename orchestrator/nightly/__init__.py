"""``reprofarm nightly``: re-reproduce an organisation's open bugs on tonight's build.

:mod:`.job` decides one bug (replay the stored trace, explore only where it breaks);
:mod:`.digest` writes ``nightly.json`` and the HTML digest. The farm, the leases and the results
store are the sweep's (:mod:`orchestrator.sweep.driver`).
"""
