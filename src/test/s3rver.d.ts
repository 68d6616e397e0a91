/** The few parts of s3rver (a local S3 protocol server, tests only) the tests use; it ships no types. */
declare module 's3rver' {
  interface S3rverOptions {
    port?: number
    address?: string
    silent?: boolean
    directory: string
    configureBuckets?: Array<{ name: string; configs: string[] }>
  }
  export default class S3rver {
    constructor(options: S3rverOptions)
    run(): Promise<{ address: string; port: number }>
    close(): Promise<void>
  }
}
