"""The bundled rules modules: importing this package registers each with runtime/extension.py, in
the order their steps run when two act at the same point (nothing in; the filled MODULES out)."""

from runtime.modules import technology  # noqa: F401, I001
from runtime.modules import lucre  # noqa: F401
from runtime.modules import hidden_alliances  # noqa: F401
from runtime.modules import kickers  # noqa: F401
from runtime.modules import hired_help  # noqa: F401
from runtime.modules import insurance  # noqa: F401
from runtime.modules import leases  # noqa: F401
from runtime.modules import raids  # noqa: F401
