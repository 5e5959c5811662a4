import { fromUtf8, utf8 } from '../../codec/bytes.js'
import { type KeyCodec, KeyedMap, stringValue } from '../../store/collections.js'

export const MODULE_NAME = 'params'

/** The subspace x/params keeps the chain's consensus params in before x/consensus existed. */
export const BASEAPP_SUBSPACE = 'baseapp'

/** `<subspace>/<key>`: upstream legacy subspaces prefix their keys with the subspace name and `/`. */
const subspaceKey: KeyCodec<[string, string]> = {
  encode: ([subspace, key]) => utf8(`${subspace}/${key}`),
  decode: (b) => {
    const text = fromUtf8(b)
    const i = text.indexOf('/')
    return [[text.slice(0, i), text.slice(i + 1)], b.length]
  },
}

/** Store layout of the legacy x/params module: amino-JSON values under `<subspace>/<key>`. */
export function paramsCollections() {
  return {
    /** (subspace, key) → amino JSON of the parameter */
    params: new KeyedMap(new Uint8Array(0), subspaceKey, stringValue),
  }
}
