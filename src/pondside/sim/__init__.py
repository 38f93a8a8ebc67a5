"""Matches between bots, simulations with seat rotation, statistics, plots and benchmarks."""
