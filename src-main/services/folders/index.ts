export { ChosenFolders, CHOSEN_FOLDERS_FILE, DOWNLOADS_FOLDER, type PathUse } from './chosenFolders';
export { FolderAccessError } from './folderAccessError';
export { guardPaths, PATH_GUARDS } from './pathGuards';
