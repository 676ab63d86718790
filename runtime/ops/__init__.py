"""The ops of the effect language, one module per thing they act on; each registers itself."""
