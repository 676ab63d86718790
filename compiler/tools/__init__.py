"""Tools built on the pipeline: rules text rendered from IR, the generated references, diagnostic
reports, starting files for authors, setups from command-line words and trace files."""
