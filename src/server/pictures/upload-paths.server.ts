/**
 * The REST and RPC paths whose body is a picture's bytes: the body limits
 * give them MAX_UPLOAD_BYTES and let any byte through (request-pipeline.server.ts);
 * the procedures (pictures.server.ts) decide what the bytes are.
 */
export const PICTURE_UPLOAD_PATHS = [
  /^\/api\/rest\/books\/[^/]+\/cover$/,
  /^\/api\/rest\/account\/avatar$/,
  /^\/api\/rpc\/picture\/(setCover|setAvatar)$/,
]
