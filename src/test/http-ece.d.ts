/** The parts of http_ece (RFC 8188 encrypted content) the test push service uses. */
declare module "http_ece" {
  import type { ECDH } from "node:crypto";

  type Params = {
    version: "aes128gcm";
    privateKey: ECDH;
    /** base64url or bytes */
    authSecret: string | Buffer;
  };
  const ece: { decrypt(buffer: Buffer, params: Params): Buffer };
  export default ece;
}
