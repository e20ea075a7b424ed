// The releases area's door: builds (artifacts), download links and the update check.
export { artifactsDir, prepareArtifactsDir } from "./artifact-files";
export { isArtifactUpload } from "./artifact-upload";
export { createArtifacts } from "./artifacts";
export { artifactOperations } from "./artifacts.routes";
export { type Build, createDownloads, type Downloads } from "./downloads";
export { releaseFileRoutes } from "./files.routes";
export { createUpdateCheck } from "./update-check";
export { createReleaseSigning, type ReleaseSigning } from "./release-signing";
export { publicKeyLine } from "./minisign";
export { safeFilename } from "./artifact-files";
export { receiveUpload, type ReceivedUpload } from "./artifact-upload";
