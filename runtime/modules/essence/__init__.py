"""The essence cards of Cosmic Eons' essence aliens, as a rules module: each such alien's set
shuffled and its cache drawn at setup, its laid cards called back when its power stops working,
and its cards' hooks run when the dispatcher opens a window. The module's registration is
module.py, the cards' life cycle lifecycle.py, their hooks at work hooks.py, and their words of
the effect language words.py and ops.py (runtime/language.py loads each in the registry's order,
so importing this package registers nothing)."""
