// A software passkey for unit tests: makes the registration and sign-in answers a browser's
// authenticator would (ES256, "none" attestation, user present and verified), so the server's
// WebAuthn checks run for real.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

export class SoftPasskey {
  readonly id = randomBytes(16);
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  counter = 0;

  readonly rpID: string;
  readonly origin: string;

  constructor(rpID: string, origin: string) {
    this.rpID = rpID;
    this.origin = origin;
    const pair = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  private authData(flags: number, attested?: Uint8Array): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(this.rpID), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  /** The answer to registration options whose challenge is `challenge`; `origin` defaults to the portal's. */
  register(challenge: string, origin = this.origin) {
    const jwk = this.publicKey.export({ format: "jwk" }) as { x: string; y: string };
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x, "base64url"))],
        [-3, new Uint8Array(Buffer.from(jwk.y, "base64url"))],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.id, Buffer.from(cose)]);
    const authData = this.authData(0x01 | 0x04 | 0x40, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", new Uint8Array(authData)],
      ]) as never,
    );
    const clientDataJSON = JSON.stringify({ type: "webauthn.create", challenge, origin, crossOrigin: false });
    return {
      id: b64url(this.id),
      rawId: b64url(this.id),
      type: "public-key",
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(Buffer.from(clientDataJSON)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
    };
  }

  /** The answer to sign-in options whose challenge is `challenge`. */
  authenticate(challenge: string, origin = this.origin) {
    this.counter += 1;
    const authData = this.authData(0x01 | 0x04);
    const clientDataJSON = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge, origin, crossOrigin: false }));
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: b64url(this.id),
      rawId: b64url(this.id),
      type: "public-key",
      clientExtensionResults: {},
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature) },
    };
  }
}
