"""The bundled rules modules, one per module (or package) here; runtime/language.py imports them,
which registers each with runtime/extension.py in the order their steps run when two act at the
same point (nothing in; the filled MODULES out)."""
