"""Balance studies: many seeded games played in batches on local processes or a Dask cluster,
written to Parquet as they finish, summarised as tables, JSON and a self-contained HTML report."""
