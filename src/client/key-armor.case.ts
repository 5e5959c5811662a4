// Vectors made with Go's golang.org/x/crypto (argon2, chacha20poly1305, bcrypt, nacl/secretbox,
// openpgp/armor) by upstream's steps in crypto/armor.go, for the private key 0x01…0x20 and the
// passphrase "passphrase". Go writes the headers in map order, so theirs vary. Shared by the
// armor's unit test and the `keys import` e2e test.

/** The private key the vectors seal, in hex. */
export const GO_PRIVATE_KEY_HEX = '0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20'

/** SDK v0.50's form: argon2id, ChaCha20-Poly1305. */
export const GO_ARGON2 = `-----BEGIN TENDERMINT PRIVATE KEY-----
kdf: argon2
type: secp256k1
salt: 00112233445566778899AABBCCDDEEFF

dkUsulN65Q3Avw+om/3gvsiEgicAY6AET1UN/32k6Vckg53jlkMd2S043WEadhns
4FnLjt4=
=B8k0
-----END TENDERMINT PRIVATE KEY-----`

/** The older form: bcrypt, XSalsa20-Poly1305. */
export const GO_BCRYPT = `-----BEGIN TENDERMINT PRIVATE KEY-----
kdf: bcrypt
salt: A16A67963D2C8A768AC2C1209EDAA0C2

BwgJCgsMDQ4PEBESExQVFhcYGRobHB0eWsIhLALfa5pyAOnWPfSmplpNtSp6LkPe
nSjzHojA3Xk4ArefQS99Spi4hKay8XEboJYxXQc=
=Kwvj
-----END TENDERMINT PRIVATE KEY-----`
