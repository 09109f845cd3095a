/** The parts of @20minutes/s3rver (a local S3-compatible server) the smoke uses. */
declare module "@20minutes/s3rver" {
  type Options = {
    address?: string;
    port?: number;
    /** No request log on stdout. */
    silent?: boolean;
    /** Where the buckets' files are kept. */
    directory?: string;
    configureBuckets?: { name: string; configs: (string | Buffer)[] }[];
  };
  /** CommonJS `module.exports = S3rver`: the default import is the class under every loader. */
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
