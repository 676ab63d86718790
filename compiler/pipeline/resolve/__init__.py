"""Resolve: syntax tree in, typed IR out. Binds verbs to ops, noun phrases to selectors, cards,
ships, places and measures, checks every argument against its op's slots, and reports what does
not fit (with a did-you-mean where a close name exists)."""

from compiler.pipeline.resolve.base import ResolveError, Scope
from compiler.pipeline.resolve.resolver import Resolver

__all__ = ["ResolveError", "Resolver", "Scope"]
