"""Evidence-checked trace reuse for repeated runs (the "Reuse, Rewrite, or Reject" approach).

A confirmed reproduction becomes a :class:`~orchestrator.traces.template.TraceTemplate` (a graph
of UI states and transitions plus the text that explains them), kept in a
:class:`~orchestrator.traces.store.TraceStore`. On a later build the
:class:`~orchestrator.traces.controller.ReplayController` walks the template on a live device,
checking every transition against the screen before trusting it (:mod:`.locate` finds targets
again, :mod:`.modals` clears dialogs a new build puts in the way) and hands the rest to the
explorer when it cannot go on.
"""
