"""The cosmic-rules compiler: card files in, checked and compiled card definitions out."""

__version__ = "0.1.0"
