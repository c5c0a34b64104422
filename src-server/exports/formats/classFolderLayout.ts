/**
 * Where a frame's picture goes in the class-folder formats, whose pictures are the dataset:
 * - Ultralytics classification (`yoloClassify`): `train/<class>/<file name>`, the layout its
 *   `ClassificationDataset` reads (torchvision's ImageFolder; no data.yaml for classify). A
 *   picture without a class has no place in it and is left out.
 * - ImageNet (`imagenet`), as Datumaro's `imagenet` writes it: `<class>/<file name>` at the zip's
 *   root, a picture without a class under `no_label/`.
 *
 * A frame's classes are the chosen labels of its classifications (classification features only;
 * a feature of questions alone names no class), each once, in the frame's order; a picture of
 * several classes goes into each class's folder, as Datumaro does. Pictures sit directly in their
 * class folder (Datumaro and our reader take a deeper folder for part of the class) under their
 * file name, folders dropped (`clip/000001.jpg` is `000001.jpg`), which the import matches back;
 * when an earlier picture took that name in one of its folders (every video names its frames
 * 000000.png, 000001.png…), under its whole path made one name (`clip_000001.jpg`), so no picture
 * is lost. Names thus depend on the pictures before: the export asks for every frame in export
 * order, as the writer's report and the media copy both do (ClassFiler).
 */
import { CLASS_FOLDER_FORMATS, type ExportFormatName } from '../../../src-shared/api/export';
import { classFolderIndex, type ClassFolderIndex } from './classFolderNames';
import type { ExportFrame, ExportOntology } from './types';

export type ClassFolderFormat = 'yoloClassify' | 'imagenet';

export const isClassFolderFormat = (format: ExportFormatName): format is ClassFolderFormat => CLASS_FOLDER_FORMATS.includes(format);

/** Datumaro's folder for the pictures of no class (`ImagenetPath.IMAGE_DIR_NO_LABEL`). */
export const NO_LABEL_FOLDER = 'no_label';
/** Ultralytics' split we write: one, as YOLO's other tasks do. */
export const CLASSIFY_SPLIT = 'train';

/** Each format's folder of class folders, and its folder for a picture of no class (null: left out). */
export const CLASS_FOLDER_LAYOUT: Record<ClassFolderFormat, { prefix: string; noClass: string | null }> = {
  yoloClassify: { prefix: `${CLASSIFY_SPLIT}/`, noClass: null },
  imagenet: { prefix: '', noClass: NO_LABEL_FOLDER },
};

/** The format's class folder names for an ontology (ImageNet's no_label kept for itself). */
export const classFoldersFor = (format: ClassFolderFormat, ontology: ExportOntology): ClassFolderIndex =>
  classFolderIndex(ontology, CLASS_FOLDER_LAYOUT[format].noClass === null ? [] : [CLASS_FOLDER_LAYOUT[format].noClass!]);

/** A frame's file name as path segments; backslashes, `.` and `..` dropped so no entry escapes. */
const segmentsOf = (fileName: string): string[] => fileName.split(/[\\/]+/).filter((p) => p !== '' && p !== '.' && p !== '..');

/** A frame's file name without its folders. */
export const pictureNameOf = (fileName: string): string => segmentsOf(fileName).pop() ?? 'unnamed';

/** A frame's whole path as one file name (`clip/000001.jpg` is `clip_000001.jpg`). */
export const flatPictureNameOf = (fileName: string): string => segmentsOf(fileName).join('_') || 'unnamed';

export interface FramePlaces {
  /** the folders the picture goes into (`train/cat/`): one per class, or the format's folder for a picture of none */
  folders: string[];
  /** its classes */
  classes: number;
  /** classifications whose label (or feature) the ontology no longer has */
  unknownLabels: number;
}

export function framePlaces(format: ClassFolderFormat, folders: ClassFolderIndex, frame: Pick<ExportFrame, 'data'>): FramePlaces {
  const classes: string[] = [];
  let unknownLabels = 0;
  for (const c of frame.data.classifications) {
    if (c.labelId === undefined) continue;
    const folder = folders.of(c.featureId, c.labelId);
    if (folder === undefined) unknownLabels++;
    else if (!classes.includes(folder)) classes.push(folder);
  }
  const layout = CLASS_FOLDER_LAYOUT[format];
  const folderList = classes.length > 0 ? classes : layout.noClass === null ? [] : [layout.noClass];
  return { folders: folderList.map((f) => `${layout.prefix}${f}/`), classes: classes.length, unknownLabels };
}

/**
 * Files the pictures of one export in export order, one instance per pass (the writer's report,
 * the dialog's count, the media copy), so all three name every picture alike: its file name, or
 * its whole path made one name where another picture has the file name in one of its folders.
 * A path taken even so is `taken` (the same frame twice: an overlap of two items of one video;
 * or `a_b.jpg` beside `a/b.jpg`): two pictures cannot share one file, and the media copy keeps
 * the first.
 */
export class ClassFiler {
  /** each path filed, with the frame file name it holds */
  private readonly filed = new Map<string, string>();
  private readonly folders: ClassFolderIndex;

  constructor(
    readonly format: ClassFolderFormat,
    ontology: ExportOntology,
  ) {
    this.folders = classFoldersFor(format, ontology);
  }

  file(frame: Pick<ExportFrame, 'fileName' | 'data'>): FramePlaces & { filed: string[]; taken: string[] } {
    const places = framePlaces(this.format, this.folders, frame);
    const plain = pictureNameOf(frame.fileName);
    const another = (path: string) => this.filed.has(path) && this.filed.get(path) !== frame.fileName;
    const name = places.folders.some((f) => another(f + plain)) ? flatPictureNameOf(frame.fileName) : plain;
    const filed: string[] = [];
    const taken: string[] = [];
    for (const path of places.folders.map((f) => f + name)) {
      if (this.filed.has(path)) taken.push(path);
      else {
        this.filed.set(path, frame.fileName);
        filed.push(path);
      }
    }
    return { ...places, filed, taken };
  }
}
