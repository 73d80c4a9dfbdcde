export type { BuildDocsFolderOptions } from './node/build-docs-folder.js';
export { buildDocsFolder } from './node/build-docs-folder.js';
export { extractApis } from './node/extract-api.js';
export { createFileDocsSource } from './node/file-docs-source.js';
export { createFileSiteStore } from './node/file-site-store.js';
export { readGitRevision } from './node/read-git-revision.js';
export type { ReadRepoPackagesOptions } from './node/read-repo-packages.js';
export { readRepoPackages } from './node/read-repo-packages.js';
export { writeSiteFiles } from './node/write-site-files.js';
