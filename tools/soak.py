"""A long run of the invariant checks: thousands of seeded bot matches of every game, player count and option.

    python tools/soak.py [MATCHES]      # matches per game, player count and option set (default 200)
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

if __name__ == "__main__":
    n = sys.argv[1] if len(sys.argv) > 1 else "200"
    env = dict(os.environ, MEEPLE_SOAK_MATCHES=n)
    sys.exit(subprocess.call([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                              str(ROOT / "tests" / "test_invariants.py")], env=env, cwd=ROOT))
