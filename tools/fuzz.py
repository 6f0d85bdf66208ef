"""A long fuzzing run of the parser, the loader and the checker (the suite runs a bounded one).

    python tools/fuzz.py [EXAMPLES]     # default 5000 examples per property
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

if __name__ == "__main__":
    n = sys.argv[1] if len(sys.argv) > 1 else "5000"
    if not n.isdigit():
        sys.exit(__doc__)
    env = dict(os.environ, MEEPLE_FUZZ_EXAMPLES=n)
    sys.exit(subprocess.call([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                              str(ROOT / "tests" / "test_fuzz.py")], env=env, cwd=ROOT))
