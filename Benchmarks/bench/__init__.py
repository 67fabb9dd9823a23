"""Shared pieces of Benchmarks/run: settings, measuring, the mirror, SQL files, set-up."""
