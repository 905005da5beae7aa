import { hash, verify } from "@node-rs/argon2";

/** OWASP's argon2id recommendation: m=19 MiB, t=2, p=1. */
const options = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of a random password, verified against when the user does not exist so timing does not tell. */
let decoyHash: Promise<string> | undefined;
export const getDecoyHash = () => {
  decoyHash ??= hashPassword(`decoy-${Math.random()}`);
  return decoyHash;
};
