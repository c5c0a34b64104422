/** Sizes of the subject grid: a tile is a square thumbnail with its name under it. */
export const TILE_WIDTH = 168;
export const TILE_GAP = 12;
export const ROW_HEIGHT = TILE_WIDTH + 28 + TILE_GAP;
/** Subjects per request: several rows' worth, so scrolling asks the server rarely (the API allows up to 500). */
export const SUBJECT_PAGE_SIZE = 120;

export const columnsFor = (width: number) => Math.max(1, Math.floor((width + TILE_GAP) / (TILE_WIDTH + TILE_GAP)));
