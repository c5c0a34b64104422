"""Reads an unpacked export as a consumer outside this project would, with readers no one here
wrote: pycocotools (the reference COCO API) for COCO, Python's own xml.etree for Pascal VOC and
CVAT for images (read as CVAT's own loader reads it: each image's shapes and tags, each with its
<attribute name> children), json for LabelMe (each file's shapes and flags, as labelme's
LabelFile reads them: keys it does not know are kept) and for Label Studio's tasks (regions and the
results sharing their id, as its converter groups them) and Datumaro's JSON (label ids into its categories, as
Datumaro's own reader resolves them), PyYAML and json for YOLO's data.yaml and our attribute sidecars (for oriented
boxes, each line's four corners as Ultralytics' OBB loader takes them), and os alone for the class folders of
Ultralytics classification and ImageNet (a picture's folders are its classes, as torchvision's ImageFolder and
Datumaro's imagenet read them). Prints, as JSON, what a person
sees per image: {file: {"attributes": {...}, "objects": [{"class", "attributes", ...}]}}.
COCO objects with a segmentation also carry what pycocotools makes of it: "mask_pixels" (the
pixels of annToMask, the mask a training loader gets) and "mask_area" (mask.area of annToRLE).

Usage: python3 read_export.py coco|voc|yolo|yoloObb|yoloClassify|imagenet|cvat|labelme|labelStudio|datumaro DIR
"""
import glob
import json
import os
import sys
import xml.etree.ElementTree as ET


def read_coco(root):
    from pycocotools.coco import COCO

    coco = COCO(os.path.join(root, "annotations", "instances_default.json"))
    out = {}
    for image in coco.loadImgs(coco.getImgIds()):
        objects = []
        for ann in coco.loadAnns(coco.getAnnIds(imgIds=[image["id"]])):
            category = coco.loadCats([ann["category_id"]])[0]
            seen = {"class": category["name"], "feature": category["supercategory"], "attributes": ann["attributes"], "bbox": ann["bbox"]}
            if ann.get("segmentation"):
                from pycocotools import mask as coco_mask

                seen["mask_pixels"] = int(coco.annToMask(ann).sum())
                seen["mask_area"] = int(coco_mask.area(coco.annToRLE(ann)))
                seen["iscrowd"] = ann["iscrowd"]
                seen["area"] = ann["area"]
            objects.append(seen)
        out[image["file_name"]] = {"attributes": image.get("attributes", {}), "objects": objects}
    return out


def voc_attributes(element):
    holder = element.find("attributes")
    if holder is None:
        return {}
    return {a.findtext("name"): a.findtext("value") for a in holder.findall("attribute")}


def read_voc(root):
    out = {}
    for path in sorted(glob.glob(os.path.join(root, "Annotations", "**", "*.xml"), recursive=True)):
        annotation = ET.parse(path).getroot()
        objects = []
        for obj in annotation.findall("object"):
            flags = {tag: obj.findtext(tag) for tag in ("truncated", "difficult", "occluded")}
            objects.append({"class": obj.findtext("name"), "flags": flags, "attributes": voc_attributes(obj)})
        out[annotation.findtext("filename")] = {"attributes": voc_attributes(annotation), "objects": objects}
    return out


def cvat_attributes(element):
    return {a.get("name"): a.text or "" for a in element.findall("attribute")}


def read_cvat(root):
    out = {}
    document = ET.parse(os.path.join(root, "annotations.xml")).getroot()
    for image in document.findall("image"):
        objects = []
        for shape in image:
            if shape.tag in ("box", "polygon", "polyline", "points", "mask", "skeleton", "cuboid"):
                objects.append({"class": shape.get("label"), "shape": shape.tag, "flags": {"occluded": shape.get("occluded")}, "attributes": cvat_attributes(shape)})
        tags = [{"label": t.get("label"), "attributes": cvat_attributes(t)} for t in image.findall("tag")]
        out[image.get("name")] = {"attributes": {}, "tags": tags, "objects": objects}
    return out


def read_labelme(root):
    out = {}
    for path in sorted(glob.glob(os.path.join(root, "**", "*.json"), recursive=True)):
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        picture = os.path.normpath(os.path.join(os.path.dirname(os.path.relpath(path, root)), doc["imagePath"]))
        objects = [{"class": s["label"], "shape": s["shape_type"], "attributes": s.get("attributes", {})} for s in doc["shapes"]]
        tags = [{"label": name, "attributes": {}} for name, on in doc["flags"].items() if on]
        out[picture] = {"attributes": doc.get("attributes", {}), "tags": tags, "objects": objects}
    return out


def read_label_studio(root):
    with open(os.path.join(root, "tasks.json"), encoding="utf-8") as f:
        tasks = json.load(f)
    out = {}
    regions = ("rectanglelabels", "polygonlabels", "keypointlabels", "brushlabels")

    def answer(value):
        if "choices" in value:
            return value["choices"][0] if len(value["choices"]) == 1 else value["choices"]
        if "text" in value:
            return "\n".join(value["text"])
        return value.get("number")

    for task in tasks:
        result = task["annotations"][0]["result"]
        by_id = {r["id"]: r for r in result if r["type"] in regions}
        objects = [{"class": r["value"][r["type"]][0], "attributes": {a["from_name"]: answer(a["value"]) for a in result if a["id"] == r["id"] and a["type"] not in regions}} for r in by_id.values()]
        image = {r["from_name"]: answer(r["value"]) for r in result if r["id"] not in by_id}
        out[task["data"]["image"]] = {"attributes": image, "objects": objects}
    return out


def read_datumaro(root):
    with open(os.path.join(root, "annotations", "default.json"), encoding="utf-8") as f:
        doc = json.load(f)
    names = [label["name"] for label in doc["categories"]["label"]["labels"]]
    out = {}
    for item in doc["items"]:
        shapes = [a for a in item["annotations"] if a["type"] != "label"]
        objects = [{"class": names[a["label_id"]], "shape": a["type"], "attributes": a["attributes"]} for a in shapes]
        tags = [{"label": names[a["label_id"]], "attributes": a["attributes"]} for a in item["annotations"] if a["type"] == "label"]
        out[item["image"]["path"]] = {"attributes": item.get("attr", {}), "tags": tags, "objects": objects}
    return out


def read_yolo(root, oriented=False):
    import yaml

    with open(os.path.join(root, "data.yaml"), encoding="utf-8") as f:
        names = yaml.safe_load(f)["names"]
    out = {}
    for path in sorted(glob.glob(os.path.join(root, "labels", "*", "**", "*.txt"), recursive=True)):
        rel = os.path.relpath(path, os.path.join(root, "labels"))
        split, stem = rel.split(os.sep, 1)
        stem = stem[: -len(".txt")]
        sidecar_path = os.path.join(root, "attributes", split, stem + ".json")
        sidecar = {"attributes": {}, "objects": [], "image": stem}
        if os.path.exists(sidecar_path):
            with open(sidecar_path, encoding="utf-8") as f:
                sidecar = json.load(f)
        by_line = {o["line"]: o["attributes"] for o in sidecar["objects"]}
        objects = []
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, start=1):
                if line.strip():
                    fields = line.split()
                    seen = {"class": names[int(fields[0])], "attributes": by_line.get(number, {})}
                    if oriented:
                        # Ultralytics' OBB loader: class, then x1 y1 ... x4 y4 as fractions of the picture
                        values = [float(v) for v in fields[1:]]
                        seen["corners"] = [values[i : i + 2] for i in range(0, len(values), 2)]
                    objects.append(seen)
        out[sidecar["image"]] = {"attributes": sidecar["attributes"], "objects": objects}
    return out


def read_yolo_obb(root):
    return read_yolo(root, oriented=True)


PICTURE_EXTENSIONS = (".jpg", ".jpeg", ".png", ".bmp", ".webp", ".tif", ".tiff", ".gif")


def read_class_folders(root, splits):
    """Each picture's classes from the folders it is in: <split>/<class>/<file> for Ultralytics, <class>/<file> for ImageNet
    (Datumaro's no_label is no class)."""
    out = {}
    for top in [os.path.join(root, s) for s in splits] if splits else [root]:
        if not os.path.isdir(top):
            continue
        for label in sorted(os.listdir(top)):
            folder = os.path.join(top, label)
            if not os.path.isdir(folder):
                continue
            for name in sorted(os.listdir(folder)):
                if not name.lower().endswith(PICTURE_EXTENSIONS):
                    continue
                seen = out.setdefault(name, {"attributes": {}, "tags": [], "objects": []})
                if label != "no_label":
                    seen["tags"].append({"label": label, "attributes": {}})
    return out


if __name__ == "__main__":
    fmt, root = sys.argv[1], sys.argv[2]
    reader = {
        "coco": read_coco,
        "voc": read_voc,
        "yolo": read_yolo,
        "yoloObb": read_yolo_obb,
        "yoloClassify": lambda r: read_class_folders(r, ["train", "val", "test"]),
        "imagenet": lambda r: read_class_folders(r, None),
        "cvat": read_cvat,
        "labelme": read_labelme,
        "labelStudio": read_label_studio,
        "datumaro": read_datumaro,
    }[fmt]
    # pycocotools prints progress to stdout: keep stdout for the JSON alone.
    real_stdout = sys.stdout
    sys.stdout = sys.stderr
    result = reader(root)
    sys.stdout = real_stdout
    json.dump(result, sys.stdout, ensure_ascii=False)
