"""The running match: state, zones, counters, events, decisions, rng."""
