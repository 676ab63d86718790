"""Card effects at run time: the context an effect runs in, IR compiled to closures, linked rules."""
