"""One module per case of Benchmarks/run; each run(ctx) returns its measurements as a dict:
{"series": {name: [run, …]}, "reads": {label: hyperfine stats}, "info": {…}}."""
