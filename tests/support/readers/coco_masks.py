"""Masks as pycocotools (the reference COCO API) makes them, to check ours against.

Reads one JSON document on stdin:
  {"polygons": [{"width", "height", "rings": [[x0, y0, x1, y1, ...], ...]}],
   "bitmaps": [{"width", "height", "bits": "0110..." (row-major)}]}
and prints {"polygons": ["0110..." row-major, one per polygon], "bitmaps": ["<counts>", ...]}:
each polygon rasterized by frPyObjects (several rings merged as COCO merges an object's
polygons) and decoded; each bitmap encoded by mask.encode and its compressed counts text.

Exits 3 with a message on stderr when numpy or pycocotools is missing, so the test says what
to install instead of failing on a traceback.
"""
import json
import sys

# The cases first: exiting before stdin is read would leave the caller writing into a closed pipe.
CASES = json.load(sys.stdin)

try:
    import numpy as np
    from pycocotools import mask as coco_mask
except ImportError as err:  # pragma: no cover - the message is the point
    sys.stderr.write(f"pycocotools (with numpy) is missing: {err}; install it with 'pip install pycocotools'\n")
    sys.exit(3)


def rasterize(case):
    rles = coco_mask.frPyObjects(case["rings"], case["height"], case["width"])
    bits = coco_mask.decode(coco_mask.merge(rles))
    return "".join("1" if v else "0" for v in bits.reshape(-1))


def encode(case):
    flat = np.frombuffer(case["bits"].encode("ascii"), dtype=np.uint8) - ord("0")
    bitmap = np.asfortranarray(flat.reshape(case["height"], case["width"]))
    return coco_mask.encode(bitmap)["counts"].decode("ascii")


if __name__ == "__main__":
    json.dump({"polygons": [rasterize(c) for c in CASES["polygons"]], "bitmaps": [encode(c) for c in CASES["bitmaps"]]}, sys.stdout)
