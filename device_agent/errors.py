"""The device agent's own exceptions: one base class, each subclass named for what went wrong."""


class DeviceError(Exception):
    """Base class: something went wrong on or with a device."""


class UnsupportedError(DeviceError):
    """The backend cannot do this (e.g. ground truth on a real device, snapshots on a phone)."""


class SnapshotError(DeviceError):
    """A snapshot is unknown, corrupt (checksum mismatch) or incompatible (compatibility key)."""


class StateMismatchError(DeviceError):
    """The device did not reach the requested state (structural hash differs after restore)."""


class HierarchyError(DeviceError):
    """A view-hierarchy dump is missing, empty or not well-formed XML."""


class AppNotFoundError(DeviceError):
    """The requested app is not in the catalog (or the given directory)."""


class BugNotFoundError(DeviceError, LookupError):
    """The app model has no bug with the requested id (``CheckBugOracle``)."""


class AppCrashedError(DeviceError):
    """Raised inside the virtual device when the app under test dies; carries the crash record."""


class AgentUnavailableError(DeviceError, ConnectionError):
    """No device agent answers at the address (not running, crashed, or unreachable)."""


class AgentUnresponsiveError(AgentUnavailableError):
    """The agent stopped answering its health heartbeat for a whole window (a frozen or stopped
    process, a wedged host): its calls are cut and the farm quarantines the device."""


class AuthError(DeviceError, PermissionError):
    """The agent refused the call: its bearer token is missing or wrong."""


class DeadlineError(DeviceError, TimeoutError):
    """A call to a device agent did not finish within its deadline."""


class ScreenNotIdleError(DeadlineError):
    """``uiautomator dump`` gave no complete hierarchy in time: the screen never went idle (an
    animation, a video, a busy main thread). The adb backend then observes by screenshot only."""


class AgentStartupError(DeviceError):
    """A local device agent process did not start or did not become healthy."""


class QuotaError(SnapshotError):
    """A request would exceed one of the agent's quotas (snapshot size or count)."""
