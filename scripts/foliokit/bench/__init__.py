"""scripts/bench in parts: common (shared), batch (1, 2, 6), reader (3, 4, 5), images (7),
report, protocols (--protocols) and reading (--reading)."""
