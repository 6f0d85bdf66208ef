"""The effect language: its texts read into syntax trees (`parser.py`, with lark and grammar/effects.lark), the
trees' nodes (`ast.py`), and the trees and compiled code kept between runs (`disk_cache.py`)."""
