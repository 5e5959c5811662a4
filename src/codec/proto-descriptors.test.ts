import { describe, expect, test } from 'vitest'
import { ProtoRegistry, protoRegistry } from './proto.js'
import { buildFileDescriptors } from './proto-descriptors.js'
import { PROTO_DIR, type ProtoSource } from './proto-sources.js'

/** The option protos the sources below import, as the node ships them. */
const OPTION_PROTOS = protoRegistry()
  .sources()
  .filter((s) =>
    ['gogoproto/gogo.proto', 'google/api/annotations.proto', 'google/api/http.proto'].includes(
      s.name,
    ),
  )

const QUERY: ProtoSource = {
  name: 'demo/v1/query.proto',
  text: `// A service, messages with every field shape, enums.
syntax = "proto3";

package demo.v1;

import "google/api/annotations.proto";
import "demo/v1/legacy.proto";
import "gogoproto/gogo.proto";
import "google/protobuf/timestamp.proto";

service Query {
  rpc Get(GetRequest) returns (GetResponse) {
    option (google.api.http).get = "/demo/v1/things/{id}";
  }
  rpc Watch(stream GetRequest) returns (stream GetResponse) {
    option deprecated = true;
  }
}

message GetRequest {
  uint64 id = 1;
}

message GetResponse {
  Thing thing = 1 [(gogoproto.nullable) = false];
  map<string, Thing> things_by_name = 2;
  oneof source {
    string url = 3;
    bytes raw = 4;
  }
  reserved 5, 7 to 9;
  reserved "old";
  google.protobuf.Timestamp at = 10;
  repeated Legacy legacy = 11;

  message Thing {
    Kind kind = 1;
    enum Kind {
      KIND_UNSPECIFIED = 0;
      KIND_BIG = 1;
    }
  }
}

enum Level {
  option allow_alias = true;
  LEVEL_UNSPECIFIED = 0;
  LEVEL_LOW = 1;
  LEVEL_ALSO_LOW = 1;
  reserved 10 to 20;
}
`,
}

const LEGACY: ProtoSource = {
  name: 'demo/v1/legacy.proto',
  text: `syntax = "proto2";

package demo.v1;

import "google/protobuf/descriptor.proto";

extend google.protobuf.FieldOptions {
  optional string label = 50001;
}

message Legacy {
  optional int32 size = 1 [default = 7];
  required string name = 2;
  optional Shade shade = 3 [default = DARK];
  extensions 100 to max;

  extend google.protobuf.MessageOptions {
    repeated string tag = 50002;
  }
}

enum Shade {
  LIGHT = 0;
  DARK = 1;
}
`,
}

const FileDescriptorProto = protoRegistry().type('google.protobuf.FileDescriptorProto')
const decode = (bytes: Uint8Array) =>
  FileDescriptorProto.toObject(FileDescriptorProto.decode(bytes), {
    enums: String,
    longs: Number,
  })

describe('FileDescriptorProtos of .proto sources', () => {
  const d = buildFileDescriptors([QUERY, LEGACY, ...OPTION_PROTOS])

  test('behavior: every file, imports first, with its real name and imports in source order', () => {
    expect([...d.files.keys()]).toEqual([
      'google/api/http.proto',
      'google/protobuf/descriptor.proto',
      'google/api/annotations.proto',
      'demo/v1/legacy.proto',
      'gogoproto/gogo.proto',
      'google/protobuf/timestamp.proto',
      'demo/v1/query.proto',
    ])
    const query = d.files.get('demo/v1/query.proto')!
    expect(query.dependencies).toEqual([
      'google/api/annotations.proto',
      'demo/v1/legacy.proto',
      'gogoproto/gogo.proto',
      'google/protobuf/timestamp.proto',
    ])
    const file = decode(query.bytes)
    expect(file.name).toBe('demo/v1/query.proto')
    expect(file.package).toBe('demo.v1')
    expect(file.dependency).toEqual(query.dependencies)
    expect(file.syntax).toBe('proto3')
  })

  test('behavior: services keep their methods, streaming and options (http rule included)', () => {
    const file = decode(d.files.get('demo/v1/query.proto')!.bytes)
    expect(file.service).toEqual([
      {
        name: 'Query',
        method: [
          {
            name: 'Get',
            input_type: '.demo.v1.GetRequest',
            output_type: '.demo.v1.GetResponse',
            options: { '.google.api.http': { get: '/demo/v1/things/{id}' } },
          },
          {
            name: 'Watch',
            input_type: '.demo.v1.GetRequest',
            output_type: '.demo.v1.GetResponse',
            client_streaming: true,
            server_streaming: true,
            options: { deprecated: true },
          },
        ],
      },
    ])
  })

  test('behavior: messages as protoc describes them (maps, oneofs, reserved, nested, options)', () => {
    const file = decode(d.files.get('demo/v1/query.proto')!.bytes)
    const response = file.message_type[1]
    expect(response).toEqual({
      name: 'GetResponse',
      field: [
        {
          name: 'thing',
          number: 1,
          label: 'LABEL_OPTIONAL',
          type: 'TYPE_MESSAGE',
          type_name: '.demo.v1.GetResponse.Thing',
          options: { '.gogoproto.nullable': false },
        },
        {
          name: 'things_by_name',
          number: 2,
          label: 'LABEL_REPEATED',
          type: 'TYPE_MESSAGE',
          type_name: '.demo.v1.GetResponse.ThingsByNameEntry',
        },
        { name: 'url', number: 3, label: 'LABEL_OPTIONAL', type: 'TYPE_STRING', oneof_index: 0 },
        { name: 'raw', number: 4, label: 'LABEL_OPTIONAL', type: 'TYPE_BYTES', oneof_index: 0 },
        {
          name: 'at',
          number: 10,
          label: 'LABEL_OPTIONAL',
          type: 'TYPE_MESSAGE',
          type_name: '.google.protobuf.Timestamp',
        },
        {
          name: 'legacy',
          number: 11,
          label: 'LABEL_REPEATED',
          type: 'TYPE_MESSAGE',
          type_name: '.demo.v1.Legacy',
        },
      ],
      nested_type: [
        {
          name: 'ThingsByNameEntry',
          field: [
            { name: 'key', number: 1, label: 'LABEL_OPTIONAL', type: 'TYPE_STRING' },
            {
              name: 'value',
              number: 2,
              label: 'LABEL_OPTIONAL',
              type: 'TYPE_MESSAGE',
              type_name: '.demo.v1.GetResponse.Thing',
            },
          ],
          options: { map_entry: true },
        },
        {
          name: 'Thing',
          field: [
            {
              name: 'kind',
              number: 1,
              label: 'LABEL_OPTIONAL',
              type: 'TYPE_ENUM',
              type_name: '.demo.v1.GetResponse.Thing.Kind',
            },
          ],
          enum_type: [
            {
              name: 'Kind',
              value: [
                { name: 'KIND_UNSPECIFIED', number: 0 },
                { name: 'KIND_BIG', number: 1 },
              ],
            },
          ],
        },
      ],
      oneof_decl: [{ name: 'source' }],
      reserved_range: [
        { start: 5, end: 6 },
        { start: 7, end: 10 },
      ],
      reserved_name: ['old'],
    })
    expect(file.enum_type).toEqual([
      {
        name: 'Level',
        value: [
          { name: 'LEVEL_UNSPECIFIED', number: 0 },
          { name: 'LEVEL_LOW', number: 1 },
          { name: 'LEVEL_ALSO_LOW', number: 1 },
        ],
        options: { allow_alias: true },
        reserved_range: [{ start: 10, end: 20 }],
      },
    ])
  })

  test('behavior: proto2 files keep defaults, required, extension ranges and extensions', () => {
    const file = decode(d.files.get('demo/v1/legacy.proto')!.bytes)
    expect(file.syntax).toBeUndefined()
    expect(file.extension).toEqual([
      {
        name: 'label',
        number: 50001,
        label: 'LABEL_OPTIONAL',
        type: 'TYPE_STRING',
        extendee: '.google.protobuf.FieldOptions',
      },
    ])
    expect(file.message_type).toEqual([
      {
        name: 'Legacy',
        field: [
          {
            name: 'size',
            number: 1,
            label: 'LABEL_OPTIONAL',
            type: 'TYPE_INT32',
            default_value: '7',
          },
          { name: 'name', number: 2, label: 'LABEL_REQUIRED', type: 'TYPE_STRING' },
          {
            name: 'shade',
            number: 3,
            label: 'LABEL_OPTIONAL',
            type: 'TYPE_ENUM',
            type_name: '.demo.v1.Shade',
            default_value: 'DARK',
          },
        ],
        extension: [
          {
            name: 'tag',
            number: 50002,
            label: 'LABEL_REPEATED',
            type: 'TYPE_STRING',
            extendee: '.google.protobuf.MessageOptions',
          },
        ],
        extension_range: [{ start: 100, end: 536870912 }],
      },
    ])
  })

  test('behavior: bundled well-known imports are described too', () => {
    const ts = decode(d.files.get('google/protobuf/timestamp.proto')!.bytes)
    expect(ts).toMatchObject({
      name: 'google/protobuf/timestamp.proto',
      package: 'google.protobuf',
    })
    expect(ts.syntax).toBe('proto3')
    expect(ts.message_type.map((m: { name: string }) => m.name)).toEqual(['Timestamp'])
    const descriptor = decode(d.files.get('google/protobuf/descriptor.proto')!.bytes)
    expect(descriptor.message_type.map((m: { name: string }) => m.name)).toContain(
      'FileDescriptorProto',
    )
  })

  test.each([
    ['demo.v1.Query', 'demo/v1/query.proto'],
    ['demo.v1.Query.Watch', 'demo/v1/query.proto'],
    ['demo.v1.GetResponse', 'demo/v1/query.proto'],
    ['demo.v1.GetResponse.Thing', 'demo/v1/query.proto'],
    ['demo.v1.GetResponse.Thing.Kind', 'demo/v1/query.proto'],
    ['demo.v1.GetResponse.Thing.KIND_BIG', 'demo/v1/query.proto'],
    ['demo.v1.GetResponse.ThingsByNameEntry', 'demo/v1/query.proto'],
    ['demo.v1.GetResponse.url', 'demo/v1/query.proto'],
    ['demo.v1.GetResponse.source', 'demo/v1/query.proto'],
    ['demo.v1.LEVEL_LOW', 'demo/v1/query.proto'],
    ['demo.v1.label', 'demo/v1/legacy.proto'],
    ['demo.v1.Legacy.tag', 'demo/v1/legacy.proto'],
    ['google.protobuf.Timestamp', 'google/protobuf/timestamp.proto'],
    ['google.api.http', 'google/api/annotations.proto'],
  ])('behavior: symbol %s is in %s', (symbol, file) => {
    expect(d.fileOfSymbol(symbol)?.name).toBe(file)
  })

  test('behavior: extensions are found by extendee and number', () => {
    expect(d.fileOfExtension('google.protobuf.FieldOptions', 50001)?.name).toBe(
      'demo/v1/legacy.proto',
    )
    expect(d.fileOfExtension('google.protobuf.MethodOptions', 72295728)?.name).toBe(
      'google/api/annotations.proto',
    )
    // The gogoproto options (65001 …) and the demo's own, ascending.
    const numbers = d.extensionNumbers('google.protobuf.FieldOptions')
    expect(numbers).toEqual(expect.arrayContaining([50001, 65001]))
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b))
    expect(d.extensionNumbers('google.protobuf.MessageOptions')).toEqual([50002])
    expect(d.extensionNumbers('demo.v1.Legacy')).toEqual([])
    expect(d.fileOfExtension('google.protobuf.FieldOptions', 1)).toBeUndefined()
  })

  test('behavior: the package itself and unknown names are no symbols', () => {
    expect(d.fileOfSymbol('demo.v1')).toBeUndefined()
    expect(d.fileOfSymbol('demo.v1.Nope')).toBeUndefined()
  })

  test('error: an import that is neither a source nor bundled', () => {
    expect(() =>
      buildFileDescriptors([{ name: 'a.proto', text: 'syntax = "proto3"; import "b.proto";' }]),
    ).toThrow('proto import "b.proto" not found')
  })
})

describe('FileDescriptorProtos of the node protos', () => {
  test('behavior: in brand cosmos, file names, packages and imports are upstream’s', () => {
    const d = buildFileDescriptors(ProtoRegistry.load(PROTO_DIR, 'cosmos').sources())
    const entry = d.fileOfSymbol('cosmos.upgrade.v1beta1.Query.CurrentPlan')!
    expect(entry.name).toBe('cosmos/upgrade/v1beta1/query.proto')
    expect(entry.dependencies).toEqual([
      'google/api/annotations.proto',
      'cosmos/upgrade/v1beta1/upgrade.proto',
    ])
    const file = decode(entry.bytes)
    expect(file.package).toBe('cosmos.upgrade.v1beta1')
    expect(file.service[0].method[0].options).toEqual({
      '.google.api.http': { get: '/cosmos/upgrade/v1beta1/current_plan' },
    })
    expect(d.fileOfSymbol('sdk.upgrade.v1beta1.Query')).toBeUndefined()
  })
})
