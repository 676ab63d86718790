"""Lucre (the Eon economy) as a rules module: its rules, words and registration are module.py,
the purses it keeps and the services moving lucre between them and the box (for its own rules,
its words, and the modules built on it: leases, raids, insurance, hired help) purses.py
(runtime/language.py loads module.py at its place in the modules' order, so importing this
package registers nothing)."""
