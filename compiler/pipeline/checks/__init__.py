"""Generated quick schema checks, one module per card kind and one for pack manifests."""
