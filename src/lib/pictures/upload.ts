import type { ApiErrorData } from '@/server/http/api-errors'

/** A refused or failed upload, shaped as the API's errors are (`apiErrorData` reads it). */
class PictureUploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The answer's `code` (DEMO_MODE, PICTURE_TOO_LARGE…). */
    readonly code?: string,
    readonly data?: ApiErrorData,
  ) {
    super(message)
  }
}

/**
 * Sends a picture's bytes to its REST route (`PUT`, the body the file
 * itself), reporting the share sent so far: fetch cannot tell an upload's
 * progress, XMLHttpRequest can. The server decides what the bytes are; the
 * declared type is not sent.
 */
export function uploadPicture<Answer>(url: string, file: File, onProgress: (percent: number) => void): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('PUT', url)
    request.setRequestHeader('content-type', 'application/octet-stream')
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100))
    })
    request.addEventListener('load', () => {
      let body: { code?: unknown; message?: unknown; data?: ApiErrorData } | undefined
      try {
        body = JSON.parse(request.responseText) as typeof body
      } catch {
        body = undefined
      }
      if (request.status >= 200 && request.status < 300) resolve(body as Answer)
      else {
        const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
        reject(new PictureUploadError(request.status, text(body?.message) ?? '', text(body?.code), body?.data))
      }
    })
    request.addEventListener('error', () => reject(new PictureUploadError(0, '')))
    request.send(file)
  })
}
