/**
 * The REST paths whose body is a picture's bytes (`PUT`, the body the file
 * itself): the front door gives them MAX_UPLOAD_BYTES, lets any byte through
 * and takes a file's content type instead of JSON (request-pipeline.server.ts);
 * the procedures (src/features/pictures) decide what the bytes are. The typed
 * client's door sends files as a form (multipart), which the JSON-only rule
 * refuses: pictures go by REST, with their upload's progress.
 */
export const PICTURE_UPLOAD_PATHS = [/^\/api\/rest\/books\/[^/]+\/cover$/, /^\/api\/rest\/account\/avatar$/]
