// Generated from src/proto/**/*.proto by `npm run proto:types`
// (src/codec/proto-types-gen.ts); do not edit: a test fails when this file is not what the protos
// give. Every message in two shapes, as protobufjs (keepCase) has them at runtime:
// - `T`, a decoded message (`decode`, `fromObject`): every field is there, unset ones at their
//   default ('' 0 false, a Long zero, an empty array or object, null for a message or a proto3
//   `optional` scalar); 64-bit integers are Long, bytes Uint8Array (an unset one an empty array),
//   enums numbers, Any {type_url, value} still packed;
// - `T.Init`, what `fromObject` (so `encode`) takes: every field optional, 64-bit integers as
//   Long, number, decimal string or bigint, enums as numbers or names, bytes as Uint8Array.
// Names are canonical (sdk.*); the registry renames them for the home's brand.

import type { Long } from 'protobufjs'

export declare namespace google.api {
  /** google.api.HttpRule, decoded. */
  type HttpRule = {
    selector: string
    get: string
    put: string
    post: string
    delete: string
    patch: string
    custom: ProtoTypes['google.api.CustomHttpPattern'] | null
    body: string
    response_body: string
    additional_bindings: ProtoTypes['google.api.HttpRule'][]
    /** Which field of pattern is set (a getter). */
    readonly pattern?: 'get' | 'put' | 'post' | 'delete' | 'patch' | 'custom' | undefined
  }
  namespace HttpRule {
    /** google.api.HttpRule, as fromObject and encode take it. */
    type Init = {
      selector?: string | null | undefined
      get?: string | null | undefined
      put?: string | null | undefined
      post?: string | null | undefined
      delete?: string | null | undefined
      patch?: string | null | undefined
      custom?: ProtoInits['google.api.CustomHttpPattern'] | null | undefined
      body?: string | null | undefined
      response_body?: string | null | undefined
      additional_bindings?: readonly ProtoInits['google.api.HttpRule'][] | null | undefined
    }
  }
  /** google.api.CustomHttpPattern, decoded. */
  type CustomHttpPattern = {
    kind: string
    path: string
  }
  namespace CustomHttpPattern {
    /** google.api.CustomHttpPattern, as fromObject and encode take it. */
    type Init = {
      kind?: string | null | undefined
      path?: string | null | undefined
    }
  }
}

export declare namespace google.protobuf {
  /** google.protobuf.Any, decoded. */
  type Any = {
    type_url: string
    value: Uint8Array
  }
  namespace Any {
    /** google.protobuf.Any, as fromObject and encode take it. */
    type Init = {
      type_url?: string | null | undefined
      value?: Uint8Array | null | undefined
    }
  }
  /** google.protobuf.Duration, decoded. */
  type Duration = {
    seconds: Long
    nanos: number
  }
  namespace Duration {
    /** google.protobuf.Duration, as fromObject and encode take it. */
    type Init = {
      seconds?: Long | number | string | bigint | null | undefined
      nanos?: number | null | undefined
    }
  }
  /** google.protobuf.Empty, decoded. */
  type Empty = {
  }
  namespace Empty {
    /** google.protobuf.Empty, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** google.protobuf.Timestamp, decoded. */
  type Timestamp = {
    seconds: Long
    nanos: number
  }
  namespace Timestamp {
    /** google.protobuf.Timestamp, as fromObject and encode take it. */
    type Init = {
      seconds?: Long | number | string | bigint | null | undefined
      nanos?: number | null | undefined
    }
  }
  /** google.protobuf.DoubleValue, decoded. */
  type DoubleValue = {
    value: number
  }
  namespace DoubleValue {
    /** google.protobuf.DoubleValue, as fromObject and encode take it. */
    type Init = {
      value?: number | null | undefined
    }
  }
  /** google.protobuf.FloatValue, decoded. */
  type FloatValue = {
    value: number
  }
  namespace FloatValue {
    /** google.protobuf.FloatValue, as fromObject and encode take it. */
    type Init = {
      value?: number | null | undefined
    }
  }
  /** google.protobuf.Int64Value, decoded. */
  type Int64Value = {
    value: Long
  }
  namespace Int64Value {
    /** google.protobuf.Int64Value, as fromObject and encode take it. */
    type Init = {
      value?: Long | number | string | bigint | null | undefined
    }
  }
  /** google.protobuf.UInt64Value, decoded. */
  type UInt64Value = {
    value: Long
  }
  namespace UInt64Value {
    /** google.protobuf.UInt64Value, as fromObject and encode take it. */
    type Init = {
      value?: Long | number | string | bigint | null | undefined
    }
  }
  /** google.protobuf.Int32Value, decoded. */
  type Int32Value = {
    value: number
  }
  namespace Int32Value {
    /** google.protobuf.Int32Value, as fromObject and encode take it. */
    type Init = {
      value?: number | null | undefined
    }
  }
  /** google.protobuf.UInt32Value, decoded. */
  type UInt32Value = {
    value: number
  }
  namespace UInt32Value {
    /** google.protobuf.UInt32Value, as fromObject and encode take it. */
    type Init = {
      value?: number | null | undefined
    }
  }
  /** google.protobuf.BoolValue, decoded. */
  type BoolValue = {
    value: boolean
  }
  namespace BoolValue {
    /** google.protobuf.BoolValue, as fromObject and encode take it. */
    type Init = {
      value?: boolean | null | undefined
    }
  }
  /** google.protobuf.StringValue, decoded. */
  type StringValue = {
    value: string
  }
  namespace StringValue {
    /** google.protobuf.StringValue, as fromObject and encode take it. */
    type Init = {
      value?: string | null | undefined
    }
  }
  /** google.protobuf.BytesValue, decoded. */
  type BytesValue = {
    value: Uint8Array
  }
  namespace BytesValue {
    /** google.protobuf.BytesValue, as fromObject and encode take it. */
    type Init = {
      value?: Uint8Array | null | undefined
    }
  }
  /** google.protobuf.FileDescriptorSet, decoded. */
  type FileDescriptorSet = {
    file: ProtoTypes['google.protobuf.FileDescriptorProto'][]
  }
  namespace FileDescriptorSet {
    /** google.protobuf.FileDescriptorSet, as fromObject and encode take it. */
    type Init = {
      file?: readonly ProtoInits['google.protobuf.FileDescriptorProto'][] | null | undefined
    }
  }
  /** google.protobuf.FileDescriptorProto, decoded. */
  type FileDescriptorProto = {
    name: string
    package: string
    dependency: string[]
    public_dependency: number[]
    weak_dependency: number[]
    option_dependency: string[]
    message_type: ProtoTypes['google.protobuf.DescriptorProto'][]
    enum_type: ProtoTypes['google.protobuf.EnumDescriptorProto'][]
    service: ProtoTypes['google.protobuf.ServiceDescriptorProto'][]
    extension: ProtoTypes['google.protobuf.FieldDescriptorProto'][]
    options: ProtoTypes['google.protobuf.FileOptions'] | null
    source_code_info: ProtoTypes['google.protobuf.SourceCodeInfo'] | null
    syntax: string
    edition: number
  }
  namespace FileDescriptorProto {
    /** google.protobuf.FileDescriptorProto, as fromObject and encode take it. */
    type Init = {
      name?: string | null | undefined
      package?: string | null | undefined
      dependency?: readonly string[] | null | undefined
      public_dependency?: readonly number[] | null | undefined
      weak_dependency?: readonly number[] | null | undefined
      option_dependency?: readonly string[] | null | undefined
      message_type?: readonly ProtoInits['google.protobuf.DescriptorProto'][] | null | undefined
      enum_type?: readonly ProtoInits['google.protobuf.EnumDescriptorProto'][] | null | undefined
      service?: readonly ProtoInits['google.protobuf.ServiceDescriptorProto'][] | null | undefined
      extension?: readonly ProtoInits['google.protobuf.FieldDescriptorProto'][] | null | undefined
      options?: ProtoInits['google.protobuf.FileOptions'] | null | undefined
      source_code_info?: ProtoInits['google.protobuf.SourceCodeInfo'] | null | undefined
      syntax?: string | null | undefined
      edition?: number | ProtoEnumNames['google.protobuf.Edition'] | null | undefined
    }
  }
  /** google.protobuf.DescriptorProto, decoded. */
  type DescriptorProto = {
    name: string
    field: ProtoTypes['google.protobuf.FieldDescriptorProto'][]
    extension: ProtoTypes['google.protobuf.FieldDescriptorProto'][]
    nested_type: ProtoTypes['google.protobuf.DescriptorProto'][]
    enum_type: ProtoTypes['google.protobuf.EnumDescriptorProto'][]
    extension_range: ProtoTypes['google.protobuf.DescriptorProto.ExtensionRange'][]
    oneof_decl: ProtoTypes['google.protobuf.OneofDescriptorProto'][]
    options: ProtoTypes['google.protobuf.MessageOptions'] | null
    reserved_range: ProtoTypes['google.protobuf.DescriptorProto.ReservedRange'][]
    reserved_name: string[]
    visibility: number
  }
  namespace DescriptorProto {
    /** google.protobuf.DescriptorProto, as fromObject and encode take it. */
    type Init = {
      name?: string | null | undefined
      field?: readonly ProtoInits['google.protobuf.FieldDescriptorProto'][] | null | undefined
      extension?: readonly ProtoInits['google.protobuf.FieldDescriptorProto'][] | null | undefined
      nested_type?: readonly ProtoInits['google.protobuf.DescriptorProto'][] | null | undefined
      enum_type?: readonly ProtoInits['google.protobuf.EnumDescriptorProto'][] | null | undefined
      extension_range?: readonly ProtoInits['google.protobuf.DescriptorProto.ExtensionRange'][] | null | undefined
      oneof_decl?: readonly ProtoInits['google.protobuf.OneofDescriptorProto'][] | null | undefined
      options?: ProtoInits['google.protobuf.MessageOptions'] | null | undefined
      reserved_range?: readonly ProtoInits['google.protobuf.DescriptorProto.ReservedRange'][] | null | undefined
      reserved_name?: readonly string[] | null | undefined
      visibility?: number | ProtoEnumNames['google.protobuf.SymbolVisibility'] | null | undefined
    }
    /** google.protobuf.DescriptorProto.ExtensionRange, decoded. */
    type ExtensionRange = {
      start: number
      end: number
      options: ProtoTypes['google.protobuf.ExtensionRangeOptions'] | null
    }
    namespace ExtensionRange {
      /** google.protobuf.DescriptorProto.ExtensionRange, as fromObject and encode take it. */
      type Init = {
        start?: number | null | undefined
        end?: number | null | undefined
        options?: ProtoInits['google.protobuf.ExtensionRangeOptions'] | null | undefined
      }
    }
    /** google.protobuf.DescriptorProto.ReservedRange, decoded. */
    type ReservedRange = {
      start: number
      end: number
    }
    namespace ReservedRange {
      /** google.protobuf.DescriptorProto.ReservedRange, as fromObject and encode take it. */
      type Init = {
        start?: number | null | undefined
        end?: number | null | undefined
      }
    }
  }
  /** google.protobuf.ExtensionRangeOptions, decoded. */
  type ExtensionRangeOptions = {
    uninterpreted_option: ProtoTypes['google.protobuf.UninterpretedOption'][]
    declaration: ProtoTypes['google.protobuf.ExtensionRangeOptions.Declaration'][]
    features: ProtoTypes['google.protobuf.FeatureSet'] | null
    verification: number
  }
  namespace ExtensionRangeOptions {
    /** google.protobuf.ExtensionRangeOptions, as fromObject and encode take it. */
    type Init = {
      uninterpreted_option?: readonly ProtoInits['google.protobuf.UninterpretedOption'][] | null | undefined
      declaration?: readonly ProtoInits['google.protobuf.ExtensionRangeOptions.Declaration'][] | null | undefined
      features?: ProtoInits['google.protobuf.FeatureSet'] | null | undefined
      verification?: number | ProtoEnumNames['google.protobuf.ExtensionRangeOptions.VerificationState'] | null | undefined
    }
    /** google.protobuf.ExtensionRangeOptions.Declaration, decoded. */
    type Declaration = {
      number: number
      full_name: string
      type: string
      reserved: boolean
      repeated: boolean
    }
    namespace Declaration {
      /** google.protobuf.ExtensionRangeOptions.Declaration, as fromObject and encode take it. */
      type Init = {
        number?: number | null | undefined
        full_name?: string | null | undefined
        type?: string | null | undefined
        reserved?: boolean | null | undefined
        repeated?: boolean | null | undefined
      }
    }
  }
  /** google.protobuf.FieldDescriptorProto, decoded. */
  type FieldDescriptorProto = {
    name: string
    number: number
    label: number
    type: number
    type_name: string
    extendee: string
    default_value: string
    oneof_index: number
    json_name: string
    options: ProtoTypes['google.protobuf.FieldOptions'] | null
    proto3_optional: boolean
  }
  namespace FieldDescriptorProto {
    /** google.protobuf.FieldDescriptorProto, as fromObject and encode take it. */
    type Init = {
      name?: string | null | undefined
      number?: number | null | undefined
      label?: number | ProtoEnumNames['google.protobuf.FieldDescriptorProto.Label'] | null | undefined
      type?: number | ProtoEnumNames['google.protobuf.FieldDescriptorProto.Type'] | null | undefined
      type_name?: string | null | undefined
      extendee?: string | null | undefined
      default_value?: string | null | undefined
      oneof_index?: number | null | undefined
      json_name?: string | null | undefined
      options?: ProtoInits['google.protobuf.FieldOptions'] | null | undefined
      proto3_optional?: boolean | null | undefined
    }
  }
  /** google.protobuf.OneofDescriptorProto, decoded. */
  type OneofDescriptorProto = {
    name: string
    options: ProtoTypes['google.protobuf.OneofOptions'] | null
  }
  namespace OneofDescriptorProto {
    /** google.protobuf.OneofDescriptorProto, as fromObject and encode take it. */
    type Init = {
      name?: string | null | undefined
      options?: ProtoInits['google.protobuf.OneofOptions'] | null | undefined
    }
  }
  /** google.protobuf.EnumDescriptorProto, decoded. */
  type EnumDescriptorProto = {
    name: string
    value: ProtoTypes['google.protobuf.EnumValueDescriptorProto'][]
    options: ProtoTypes['google.protobuf.EnumOptions'] | null
    reserved_range: ProtoTypes['google.protobuf.EnumDescriptorProto.EnumReservedRange'][]
    reserved_name: string[]
    visibility: number
  }
  namespace EnumDescriptorProto {
    /** google.protobuf.EnumDescriptorProto, as fromObject and encode take it. */
    type Init = {
      name?: string | null | undefined
      value?: readonly ProtoInits['google.protobuf.EnumValueDescriptorProto'][] | null | undefined
      options?: ProtoInits['google.protobuf.EnumOptions'] | null | undefined
      reserved_range?: readonly ProtoInits['google.protobuf.EnumDescriptorProto.EnumReservedRange'][] | null | undefined
      reserved_name?: readonly string[] | null | undefined
      visibility?: number | ProtoEnumNames['google.protobuf.SymbolVisibility'] | null | undefined
    }
    /** google.protobuf.EnumDescriptorProto.EnumReservedRange, decoded. */
    type EnumReservedRange = {
      start: number
      end: number
    }
    namespace EnumReservedRange {
      /** google.protobuf.EnumDescriptorProto.EnumReservedRange, as fromObject and encode take it. */
      type Init = {
        start?: number | null | undefined
        end?: number | null | undefined
      }
    }
  }
  /** google.protobuf.EnumValueDescriptorProto, decoded. */
  type EnumValueDescriptorProto = {
    name: string
    number: number
    options: ProtoTypes['google.protobuf.EnumValueOptions'] | null
  }
  namespace EnumValueDescriptorProto {
    /** google.protobuf.EnumValueDescriptorProto, as fromObject and encode take it. */
    type Init = {
      name?: string | null | undefined
      number?: number | null | undefined
      options?: ProtoInits['google.protobuf.EnumValueOptions'] | null | undefined
    }
  }
  /** google.protobuf.ServiceDescriptorProto, decoded. */
  type ServiceDescriptorProto = {
    name: string
    method: ProtoTypes['google.protobuf.MethodDescriptorProto'][]
    options: ProtoTypes['google.protobuf.ServiceOptions'] | null
  }
  namespace ServiceDescriptorProto {
    /** google.protobuf.ServiceDescriptorProto, as fromObject and encode take it. */
    type Init = {
      name?: string | null | undefined
      method?: readonly ProtoInits['google.protobuf.MethodDescriptorProto'][] | null | undefined
      options?: ProtoInits['google.protobuf.ServiceOptions'] | null | undefined
    }
  }
  /** google.protobuf.MethodDescriptorProto, decoded. */
  type MethodDescriptorProto = {
    name: string
    input_type: string
    output_type: string
    options: ProtoTypes['google.protobuf.MethodOptions'] | null
    client_streaming: boolean
    server_streaming: boolean
  }
  namespace MethodDescriptorProto {
    /** google.protobuf.MethodDescriptorProto, as fromObject and encode take it. */
    type Init = {
      name?: string | null | undefined
      input_type?: string | null | undefined
      output_type?: string | null | undefined
      options?: ProtoInits['google.protobuf.MethodOptions'] | null | undefined
      client_streaming?: boolean | null | undefined
      server_streaming?: boolean | null | undefined
    }
  }
  /** google.protobuf.FileOptions, decoded. */
  type FileOptions = {
    java_package: string
    java_outer_classname: string
    java_multiple_files: boolean
    java_generate_equals_and_hash: boolean
    java_string_check_utf8: boolean
    optimize_for: number
    go_package: string
    cc_generic_services: boolean
    java_generic_services: boolean
    py_generic_services: boolean
    deprecated: boolean
    cc_enable_arenas: boolean
    objc_class_prefix: string
    csharp_namespace: string
    swift_prefix: string
    php_class_prefix: string
    php_namespace: string
    php_metadata_namespace: string
    ruby_package: string
    features: ProtoTypes['google.protobuf.FeatureSet'] | null
    uninterpreted_option: ProtoTypes['google.protobuf.UninterpretedOption'][]
  }
  namespace FileOptions {
    /** google.protobuf.FileOptions, as fromObject and encode take it. */
    type Init = {
      java_package?: string | null | undefined
      java_outer_classname?: string | null | undefined
      java_multiple_files?: boolean | null | undefined
      java_generate_equals_and_hash?: boolean | null | undefined
      java_string_check_utf8?: boolean | null | undefined
      optimize_for?: number | ProtoEnumNames['google.protobuf.FileOptions.OptimizeMode'] | null | undefined
      go_package?: string | null | undefined
      cc_generic_services?: boolean | null | undefined
      java_generic_services?: boolean | null | undefined
      py_generic_services?: boolean | null | undefined
      deprecated?: boolean | null | undefined
      cc_enable_arenas?: boolean | null | undefined
      objc_class_prefix?: string | null | undefined
      csharp_namespace?: string | null | undefined
      swift_prefix?: string | null | undefined
      php_class_prefix?: string | null | undefined
      php_namespace?: string | null | undefined
      php_metadata_namespace?: string | null | undefined
      ruby_package?: string | null | undefined
      features?: ProtoInits['google.protobuf.FeatureSet'] | null | undefined
      uninterpreted_option?: readonly ProtoInits['google.protobuf.UninterpretedOption'][] | null | undefined
    }
  }
  /** google.protobuf.MessageOptions, decoded. */
  type MessageOptions = {
    message_set_wire_format: boolean
    no_standard_descriptor_accessor: boolean
    deprecated: boolean
    map_entry: boolean
    deprecated_legacy_json_field_conflicts: boolean
    features: ProtoTypes['google.protobuf.FeatureSet'] | null
    uninterpreted_option: ProtoTypes['google.protobuf.UninterpretedOption'][]
    '.amino.name': string
    '.amino.message_encoding': string
    '.sdk.msg.v1.signer': string[]
  }
  namespace MessageOptions {
    /** google.protobuf.MessageOptions, as fromObject and encode take it. */
    type Init = {
      message_set_wire_format?: boolean | null | undefined
      no_standard_descriptor_accessor?: boolean | null | undefined
      deprecated?: boolean | null | undefined
      map_entry?: boolean | null | undefined
      deprecated_legacy_json_field_conflicts?: boolean | null | undefined
      features?: ProtoInits['google.protobuf.FeatureSet'] | null | undefined
      uninterpreted_option?: readonly ProtoInits['google.protobuf.UninterpretedOption'][] | null | undefined
      '.amino.name'?: string | null | undefined
      '.amino.message_encoding'?: string | null | undefined
      '.sdk.msg.v1.signer'?: readonly string[] | null | undefined
    }
  }
  /** google.protobuf.FieldOptions, decoded. */
  type FieldOptions = {
    ctype: number
    packed: boolean
    jstype: number
    lazy: boolean
    unverified_lazy: boolean
    deprecated: boolean
    weak: boolean
    debug_redact: boolean
    retention: number
    targets: number[]
    edition_defaults: ProtoTypes['google.protobuf.FieldOptions.EditionDefault'][]
    features: ProtoTypes['google.protobuf.FeatureSet'] | null
    feature_support: ProtoTypes['google.protobuf.FieldOptions.FeatureSupport'] | null
    uninterpreted_option: ProtoTypes['google.protobuf.UninterpretedOption'][]
    '.amino.encoding': string
    '.amino.field_name': string
    '.amino.dont_omitempty': boolean
    '.amino.embed': boolean
    '.amino.oneof_type_name': string
    '.gogoproto.nullable': boolean
    '.gogoproto.customtype': string
    '.gogoproto.stdtime': boolean
    '.gogoproto.stdduration': boolean
  }
  namespace FieldOptions {
    /** google.protobuf.FieldOptions, as fromObject and encode take it. */
    type Init = {
      ctype?: number | ProtoEnumNames['google.protobuf.FieldOptions.CType'] | null | undefined
      packed?: boolean | null | undefined
      jstype?: number | ProtoEnumNames['google.protobuf.FieldOptions.JSType'] | null | undefined
      lazy?: boolean | null | undefined
      unverified_lazy?: boolean | null | undefined
      deprecated?: boolean | null | undefined
      weak?: boolean | null | undefined
      debug_redact?: boolean | null | undefined
      retention?: number | ProtoEnumNames['google.protobuf.FieldOptions.OptionRetention'] | null | undefined
      targets?: readonly (number | ProtoEnumNames['google.protobuf.FieldOptions.OptionTargetType'])[] | null | undefined
      edition_defaults?: readonly ProtoInits['google.protobuf.FieldOptions.EditionDefault'][] | null | undefined
      features?: ProtoInits['google.protobuf.FeatureSet'] | null | undefined
      feature_support?: ProtoInits['google.protobuf.FieldOptions.FeatureSupport'] | null | undefined
      uninterpreted_option?: readonly ProtoInits['google.protobuf.UninterpretedOption'][] | null | undefined
      '.amino.encoding'?: string | null | undefined
      '.amino.field_name'?: string | null | undefined
      '.amino.dont_omitempty'?: boolean | null | undefined
      '.amino.embed'?: boolean | null | undefined
      '.amino.oneof_type_name'?: string | null | undefined
      '.gogoproto.nullable'?: boolean | null | undefined
      '.gogoproto.customtype'?: string | null | undefined
      '.gogoproto.stdtime'?: boolean | null | undefined
      '.gogoproto.stdduration'?: boolean | null | undefined
    }
    /** google.protobuf.FieldOptions.EditionDefault, decoded. */
    type EditionDefault = {
      edition: number
      value: string
    }
    namespace EditionDefault {
      /** google.protobuf.FieldOptions.EditionDefault, as fromObject and encode take it. */
      type Init = {
        edition?: number | ProtoEnumNames['google.protobuf.Edition'] | null | undefined
        value?: string | null | undefined
      }
    }
    /** google.protobuf.FieldOptions.FeatureSupport, decoded. */
    type FeatureSupport = {
      edition_introduced: number
      edition_deprecated: number
      deprecation_warning: string
      edition_removed: number
    }
    namespace FeatureSupport {
      /** google.protobuf.FieldOptions.FeatureSupport, as fromObject and encode take it. */
      type Init = {
        edition_introduced?: number | ProtoEnumNames['google.protobuf.Edition'] | null | undefined
        edition_deprecated?: number | ProtoEnumNames['google.protobuf.Edition'] | null | undefined
        deprecation_warning?: string | null | undefined
        edition_removed?: number | ProtoEnumNames['google.protobuf.Edition'] | null | undefined
      }
    }
  }
  /** google.protobuf.OneofOptions, decoded. */
  type OneofOptions = {
    features: ProtoTypes['google.protobuf.FeatureSet'] | null
    uninterpreted_option: ProtoTypes['google.protobuf.UninterpretedOption'][]
    '.amino.oneof_field_name': string
  }
  namespace OneofOptions {
    /** google.protobuf.OneofOptions, as fromObject and encode take it. */
    type Init = {
      features?: ProtoInits['google.protobuf.FeatureSet'] | null | undefined
      uninterpreted_option?: readonly ProtoInits['google.protobuf.UninterpretedOption'][] | null | undefined
      '.amino.oneof_field_name'?: string | null | undefined
    }
  }
  /** google.protobuf.EnumOptions, decoded. */
  type EnumOptions = {
    allow_alias: boolean
    deprecated: boolean
    deprecated_legacy_json_field_conflicts: boolean
    features: ProtoTypes['google.protobuf.FeatureSet'] | null
    uninterpreted_option: ProtoTypes['google.protobuf.UninterpretedOption'][]
  }
  namespace EnumOptions {
    /** google.protobuf.EnumOptions, as fromObject and encode take it. */
    type Init = {
      allow_alias?: boolean | null | undefined
      deprecated?: boolean | null | undefined
      deprecated_legacy_json_field_conflicts?: boolean | null | undefined
      features?: ProtoInits['google.protobuf.FeatureSet'] | null | undefined
      uninterpreted_option?: readonly ProtoInits['google.protobuf.UninterpretedOption'][] | null | undefined
    }
  }
  /** google.protobuf.EnumValueOptions, decoded. */
  type EnumValueOptions = {
    deprecated: boolean
    features: ProtoTypes['google.protobuf.FeatureSet'] | null
    debug_redact: boolean
    feature_support: ProtoTypes['google.protobuf.FieldOptions.FeatureSupport'] | null
    uninterpreted_option: ProtoTypes['google.protobuf.UninterpretedOption'][]
  }
  namespace EnumValueOptions {
    /** google.protobuf.EnumValueOptions, as fromObject and encode take it. */
    type Init = {
      deprecated?: boolean | null | undefined
      features?: ProtoInits['google.protobuf.FeatureSet'] | null | undefined
      debug_redact?: boolean | null | undefined
      feature_support?: ProtoInits['google.protobuf.FieldOptions.FeatureSupport'] | null | undefined
      uninterpreted_option?: readonly ProtoInits['google.protobuf.UninterpretedOption'][] | null | undefined
    }
  }
  /** google.protobuf.ServiceOptions, decoded. */
  type ServiceOptions = {
    features: ProtoTypes['google.protobuf.FeatureSet'] | null
    deprecated: boolean
    uninterpreted_option: ProtoTypes['google.protobuf.UninterpretedOption'][]
    '.sdk.msg.v1.service': boolean
  }
  namespace ServiceOptions {
    /** google.protobuf.ServiceOptions, as fromObject and encode take it. */
    type Init = {
      features?: ProtoInits['google.protobuf.FeatureSet'] | null | undefined
      deprecated?: boolean | null | undefined
      uninterpreted_option?: readonly ProtoInits['google.protobuf.UninterpretedOption'][] | null | undefined
      '.sdk.msg.v1.service'?: boolean | null | undefined
    }
  }
  /** google.protobuf.MethodOptions, decoded. */
  type MethodOptions = {
    deprecated: boolean
    idempotency_level: number
    features: ProtoTypes['google.protobuf.FeatureSet'] | null
    uninterpreted_option: ProtoTypes['google.protobuf.UninterpretedOption'][]
    '.google.api.http': ProtoTypes['google.api.HttpRule'] | null
  }
  namespace MethodOptions {
    /** google.protobuf.MethodOptions, as fromObject and encode take it. */
    type Init = {
      deprecated?: boolean | null | undefined
      idempotency_level?: number | ProtoEnumNames['google.protobuf.MethodOptions.IdempotencyLevel'] | null | undefined
      features?: ProtoInits['google.protobuf.FeatureSet'] | null | undefined
      uninterpreted_option?: readonly ProtoInits['google.protobuf.UninterpretedOption'][] | null | undefined
      '.google.api.http'?: ProtoInits['google.api.HttpRule'] | null | undefined
    }
  }
  /** google.protobuf.UninterpretedOption, decoded. */
  type UninterpretedOption = {
    name: ProtoTypes['google.protobuf.UninterpretedOption.NamePart'][]
    identifier_value: string
    positive_int_value: Long
    negative_int_value: Long
    double_value: number
    string_value: Uint8Array
    aggregate_value: string
  }
  namespace UninterpretedOption {
    /** google.protobuf.UninterpretedOption, as fromObject and encode take it. */
    type Init = {
      name?: readonly ProtoInits['google.protobuf.UninterpretedOption.NamePart'][] | null | undefined
      identifier_value?: string | null | undefined
      positive_int_value?: Long | number | string | bigint | null | undefined
      negative_int_value?: Long | number | string | bigint | null | undefined
      double_value?: number | null | undefined
      string_value?: Uint8Array | null | undefined
      aggregate_value?: string | null | undefined
    }
    /** google.protobuf.UninterpretedOption.NamePart, decoded. */
    type NamePart = {
      name_part: string
      is_extension: boolean
    }
    namespace NamePart {
      /** google.protobuf.UninterpretedOption.NamePart, as fromObject and encode take it. */
      type Init = {
        name_part?: string | null | undefined
        is_extension?: boolean | null | undefined
      }
    }
  }
  /** google.protobuf.FeatureSet, decoded. */
  type FeatureSet = {
    field_presence: number
    enum_type: number
    repeated_field_encoding: number
    utf8_validation: number
    message_encoding: number
    json_format: number
    enforce_naming_style: number
    default_symbol_visibility: number
    enforce_proto_limits: number
  }
  namespace FeatureSet {
    /** google.protobuf.FeatureSet, as fromObject and encode take it. */
    type Init = {
      field_presence?: number | ProtoEnumNames['google.protobuf.FeatureSet.FieldPresence'] | null | undefined
      enum_type?: number | ProtoEnumNames['google.protobuf.FeatureSet.EnumType'] | null | undefined
      repeated_field_encoding?: number | ProtoEnumNames['google.protobuf.FeatureSet.RepeatedFieldEncoding'] | null | undefined
      utf8_validation?: number | ProtoEnumNames['google.protobuf.FeatureSet.Utf8Validation'] | null | undefined
      message_encoding?: number | ProtoEnumNames['google.protobuf.FeatureSet.MessageEncoding'] | null | undefined
      json_format?: number | ProtoEnumNames['google.protobuf.FeatureSet.JsonFormat'] | null | undefined
      enforce_naming_style?: number | ProtoEnumNames['google.protobuf.FeatureSet.EnforceNamingStyle'] | null | undefined
      default_symbol_visibility?: number | ProtoEnumNames['google.protobuf.FeatureSet.VisibilityFeature.DefaultSymbolVisibility'] | null | undefined
      enforce_proto_limits?: number | ProtoEnumNames['google.protobuf.FeatureSet.ProtoLimitsFeature.EnforceProtoLimits'] | null | undefined
    }
    /** google.protobuf.FeatureSet.VisibilityFeature, decoded. */
    type VisibilityFeature = {
    }
    namespace VisibilityFeature {
      /** google.protobuf.FeatureSet.VisibilityFeature, as fromObject and encode take it. */
      type Init = {
      }
    }
    /** google.protobuf.FeatureSet.ProtoLimitsFeature, decoded. */
    type ProtoLimitsFeature = {
    }
    namespace ProtoLimitsFeature {
      /** google.protobuf.FeatureSet.ProtoLimitsFeature, as fromObject and encode take it. */
      type Init = {
      }
    }
  }
  /** google.protobuf.FeatureSetDefaults, decoded. */
  type FeatureSetDefaults = {
    defaults: ProtoTypes['google.protobuf.FeatureSetDefaults.FeatureSetEditionDefault'][]
    minimum_edition: number
    maximum_edition: number
  }
  namespace FeatureSetDefaults {
    /** google.protobuf.FeatureSetDefaults, as fromObject and encode take it. */
    type Init = {
      defaults?: readonly ProtoInits['google.protobuf.FeatureSetDefaults.FeatureSetEditionDefault'][] | null | undefined
      minimum_edition?: number | ProtoEnumNames['google.protobuf.Edition'] | null | undefined
      maximum_edition?: number | ProtoEnumNames['google.protobuf.Edition'] | null | undefined
    }
    /** google.protobuf.FeatureSetDefaults.FeatureSetEditionDefault, decoded. */
    type FeatureSetEditionDefault = {
      edition: number
      overridable_features: ProtoTypes['google.protobuf.FeatureSet'] | null
      fixed_features: ProtoTypes['google.protobuf.FeatureSet'] | null
    }
    namespace FeatureSetEditionDefault {
      /** google.protobuf.FeatureSetDefaults.FeatureSetEditionDefault, as fromObject and encode take it. */
      type Init = {
        edition?: number | ProtoEnumNames['google.protobuf.Edition'] | null | undefined
        overridable_features?: ProtoInits['google.protobuf.FeatureSet'] | null | undefined
        fixed_features?: ProtoInits['google.protobuf.FeatureSet'] | null | undefined
      }
    }
  }
  /** google.protobuf.SourceCodeInfo, decoded. */
  type SourceCodeInfo = {
    location: ProtoTypes['google.protobuf.SourceCodeInfo.Location'][]
  }
  namespace SourceCodeInfo {
    /** google.protobuf.SourceCodeInfo, as fromObject and encode take it. */
    type Init = {
      location?: readonly ProtoInits['google.protobuf.SourceCodeInfo.Location'][] | null | undefined
    }
    /** google.protobuf.SourceCodeInfo.Location, decoded. */
    type Location = {
      path: number[]
      span: number[]
      leading_comments: string
      trailing_comments: string
      leading_detached_comments: string[]
    }
    namespace Location {
      /** google.protobuf.SourceCodeInfo.Location, as fromObject and encode take it. */
      type Init = {
        path?: readonly number[] | null | undefined
        span?: readonly number[] | null | undefined
        leading_comments?: string | null | undefined
        trailing_comments?: string | null | undefined
        leading_detached_comments?: readonly string[] | null | undefined
      }
    }
  }
  /** google.protobuf.GeneratedCodeInfo, decoded. */
  type GeneratedCodeInfo = {
    annotation: ProtoTypes['google.protobuf.GeneratedCodeInfo.Annotation'][]
  }
  namespace GeneratedCodeInfo {
    /** google.protobuf.GeneratedCodeInfo, as fromObject and encode take it. */
    type Init = {
      annotation?: readonly ProtoInits['google.protobuf.GeneratedCodeInfo.Annotation'][] | null | undefined
    }
    /** google.protobuf.GeneratedCodeInfo.Annotation, decoded. */
    type Annotation = {
      path: number[]
      source_file: string
      begin: number
      end: number
      semantic: number
    }
    namespace Annotation {
      /** google.protobuf.GeneratedCodeInfo.Annotation, as fromObject and encode take it. */
      type Init = {
        path?: readonly number[] | null | undefined
        source_file?: string | null | undefined
        begin?: number | null | undefined
        end?: number | null | undefined
        semantic?: number | ProtoEnumNames['google.protobuf.GeneratedCodeInfo.Annotation.Semantic'] | null | undefined
      }
    }
  }
}

export declare namespace grpc.reflection.v1 {
  /** grpc.reflection.v1.ServerReflectionRequest, decoded. */
  type ServerReflectionRequest = {
    host: string
    file_by_filename: string
    file_containing_symbol: string
    file_containing_extension: ProtoTypes['grpc.reflection.v1.ExtensionRequest'] | null
    all_extension_numbers_of_type: string
    list_services: string
    /** Which field of message_request is set (a getter). */
    readonly message_request?: 'file_by_filename' | 'file_containing_symbol' | 'file_containing_extension' | 'all_extension_numbers_of_type' | 'list_services' | undefined
  }
  namespace ServerReflectionRequest {
    /** grpc.reflection.v1.ServerReflectionRequest, as fromObject and encode take it. */
    type Init = {
      host?: string | null | undefined
      file_by_filename?: string | null | undefined
      file_containing_symbol?: string | null | undefined
      file_containing_extension?: ProtoInits['grpc.reflection.v1.ExtensionRequest'] | null | undefined
      all_extension_numbers_of_type?: string | null | undefined
      list_services?: string | null | undefined
    }
  }
  /** grpc.reflection.v1.ExtensionRequest, decoded. */
  type ExtensionRequest = {
    containing_type: string
    extension_number: number
  }
  namespace ExtensionRequest {
    /** grpc.reflection.v1.ExtensionRequest, as fromObject and encode take it. */
    type Init = {
      containing_type?: string | null | undefined
      extension_number?: number | null | undefined
    }
  }
  /** grpc.reflection.v1.ServerReflectionResponse, decoded. */
  type ServerReflectionResponse = {
    valid_host: string
    original_request: ProtoTypes['grpc.reflection.v1.ServerReflectionRequest'] | null
    file_descriptor_response: ProtoTypes['grpc.reflection.v1.FileDescriptorResponse'] | null
    all_extension_numbers_response: ProtoTypes['grpc.reflection.v1.ExtensionNumberResponse'] | null
    list_services_response: ProtoTypes['grpc.reflection.v1.ListServiceResponse'] | null
    error_response: ProtoTypes['grpc.reflection.v1.ErrorResponse'] | null
    /** Which field of message_response is set (a getter). */
    readonly message_response?: 'file_descriptor_response' | 'all_extension_numbers_response' | 'list_services_response' | 'error_response' | undefined
  }
  namespace ServerReflectionResponse {
    /** grpc.reflection.v1.ServerReflectionResponse, as fromObject and encode take it. */
    type Init = {
      valid_host?: string | null | undefined
      original_request?: ProtoInits['grpc.reflection.v1.ServerReflectionRequest'] | null | undefined
      file_descriptor_response?: ProtoInits['grpc.reflection.v1.FileDescriptorResponse'] | null | undefined
      all_extension_numbers_response?: ProtoInits['grpc.reflection.v1.ExtensionNumberResponse'] | null | undefined
      list_services_response?: ProtoInits['grpc.reflection.v1.ListServiceResponse'] | null | undefined
      error_response?: ProtoInits['grpc.reflection.v1.ErrorResponse'] | null | undefined
    }
  }
  /** grpc.reflection.v1.FileDescriptorResponse, decoded. */
  type FileDescriptorResponse = {
    file_descriptor_proto: Uint8Array[]
  }
  namespace FileDescriptorResponse {
    /** grpc.reflection.v1.FileDescriptorResponse, as fromObject and encode take it. */
    type Init = {
      file_descriptor_proto?: readonly Uint8Array[] | null | undefined
    }
  }
  /** grpc.reflection.v1.ExtensionNumberResponse, decoded. */
  type ExtensionNumberResponse = {
    base_type_name: string
    extension_number: number[]
  }
  namespace ExtensionNumberResponse {
    /** grpc.reflection.v1.ExtensionNumberResponse, as fromObject and encode take it. */
    type Init = {
      base_type_name?: string | null | undefined
      extension_number?: readonly number[] | null | undefined
    }
  }
  /** grpc.reflection.v1.ListServiceResponse, decoded. */
  type ListServiceResponse = {
    service: ProtoTypes['grpc.reflection.v1.ServiceResponse'][]
  }
  namespace ListServiceResponse {
    /** grpc.reflection.v1.ListServiceResponse, as fromObject and encode take it. */
    type Init = {
      service?: readonly ProtoInits['grpc.reflection.v1.ServiceResponse'][] | null | undefined
    }
  }
  /** grpc.reflection.v1.ServiceResponse, decoded. */
  type ServiceResponse = {
    name: string
  }
  namespace ServiceResponse {
    /** grpc.reflection.v1.ServiceResponse, as fromObject and encode take it. */
    type Init = {
      name?: string | null | undefined
    }
  }
  /** grpc.reflection.v1.ErrorResponse, decoded. */
  type ErrorResponse = {
    error_code: number
    error_message: string
  }
  namespace ErrorResponse {
    /** grpc.reflection.v1.ErrorResponse, as fromObject and encode take it. */
    type Init = {
      error_code?: number | null | undefined
      error_message?: string | null | undefined
    }
  }
}

export declare namespace grpc.reflection.v1alpha {
  /** grpc.reflection.v1alpha.ServerReflectionRequest, decoded. */
  type ServerReflectionRequest = {
    host: string
    file_by_filename: string
    file_containing_symbol: string
    file_containing_extension: ProtoTypes['grpc.reflection.v1alpha.ExtensionRequest'] | null
    all_extension_numbers_of_type: string
    list_services: string
    /** Which field of message_request is set (a getter). */
    readonly message_request?: 'file_by_filename' | 'file_containing_symbol' | 'file_containing_extension' | 'all_extension_numbers_of_type' | 'list_services' | undefined
  }
  namespace ServerReflectionRequest {
    /** grpc.reflection.v1alpha.ServerReflectionRequest, as fromObject and encode take it. */
    type Init = {
      host?: string | null | undefined
      file_by_filename?: string | null | undefined
      file_containing_symbol?: string | null | undefined
      file_containing_extension?: ProtoInits['grpc.reflection.v1alpha.ExtensionRequest'] | null | undefined
      all_extension_numbers_of_type?: string | null | undefined
      list_services?: string | null | undefined
    }
  }
  /** grpc.reflection.v1alpha.ExtensionRequest, decoded. */
  type ExtensionRequest = {
    containing_type: string
    extension_number: number
  }
  namespace ExtensionRequest {
    /** grpc.reflection.v1alpha.ExtensionRequest, as fromObject and encode take it. */
    type Init = {
      containing_type?: string | null | undefined
      extension_number?: number | null | undefined
    }
  }
  /** grpc.reflection.v1alpha.ServerReflectionResponse, decoded. */
  type ServerReflectionResponse = {
    valid_host: string
    original_request: ProtoTypes['grpc.reflection.v1alpha.ServerReflectionRequest'] | null
    file_descriptor_response: ProtoTypes['grpc.reflection.v1alpha.FileDescriptorResponse'] | null
    all_extension_numbers_response: ProtoTypes['grpc.reflection.v1alpha.ExtensionNumberResponse'] | null
    list_services_response: ProtoTypes['grpc.reflection.v1alpha.ListServiceResponse'] | null
    error_response: ProtoTypes['grpc.reflection.v1alpha.ErrorResponse'] | null
    /** Which field of message_response is set (a getter). */
    readonly message_response?: 'file_descriptor_response' | 'all_extension_numbers_response' | 'list_services_response' | 'error_response' | undefined
  }
  namespace ServerReflectionResponse {
    /** grpc.reflection.v1alpha.ServerReflectionResponse, as fromObject and encode take it. */
    type Init = {
      valid_host?: string | null | undefined
      original_request?: ProtoInits['grpc.reflection.v1alpha.ServerReflectionRequest'] | null | undefined
      file_descriptor_response?: ProtoInits['grpc.reflection.v1alpha.FileDescriptorResponse'] | null | undefined
      all_extension_numbers_response?: ProtoInits['grpc.reflection.v1alpha.ExtensionNumberResponse'] | null | undefined
      list_services_response?: ProtoInits['grpc.reflection.v1alpha.ListServiceResponse'] | null | undefined
      error_response?: ProtoInits['grpc.reflection.v1alpha.ErrorResponse'] | null | undefined
    }
  }
  /** grpc.reflection.v1alpha.FileDescriptorResponse, decoded. */
  type FileDescriptorResponse = {
    file_descriptor_proto: Uint8Array[]
  }
  namespace FileDescriptorResponse {
    /** grpc.reflection.v1alpha.FileDescriptorResponse, as fromObject and encode take it. */
    type Init = {
      file_descriptor_proto?: readonly Uint8Array[] | null | undefined
    }
  }
  /** grpc.reflection.v1alpha.ExtensionNumberResponse, decoded. */
  type ExtensionNumberResponse = {
    base_type_name: string
    extension_number: number[]
  }
  namespace ExtensionNumberResponse {
    /** grpc.reflection.v1alpha.ExtensionNumberResponse, as fromObject and encode take it. */
    type Init = {
      base_type_name?: string | null | undefined
      extension_number?: readonly number[] | null | undefined
    }
  }
  /** grpc.reflection.v1alpha.ListServiceResponse, decoded. */
  type ListServiceResponse = {
    service: ProtoTypes['grpc.reflection.v1alpha.ServiceResponse'][]
  }
  namespace ListServiceResponse {
    /** grpc.reflection.v1alpha.ListServiceResponse, as fromObject and encode take it. */
    type Init = {
      service?: readonly ProtoInits['grpc.reflection.v1alpha.ServiceResponse'][] | null | undefined
    }
  }
  /** grpc.reflection.v1alpha.ServiceResponse, decoded. */
  type ServiceResponse = {
    name: string
  }
  namespace ServiceResponse {
    /** grpc.reflection.v1alpha.ServiceResponse, as fromObject and encode take it. */
    type Init = {
      name?: string | null | undefined
    }
  }
  /** grpc.reflection.v1alpha.ErrorResponse, decoded. */
  type ErrorResponse = {
    error_code: number
    error_message: string
  }
  namespace ErrorResponse {
    /** grpc.reflection.v1alpha.ErrorResponse, as fromObject and encode take it. */
    type Init = {
      error_code?: number | null | undefined
      error_message?: string | null | undefined
    }
  }
}

export declare namespace sdk.auth.v1beta1 {
  /** sdk.auth.v1beta1.BaseAccount, decoded. */
  type BaseAccount = {
    address: string
    pub_key: ProtoTypes['google.protobuf.Any'] | null
    account_number: Long
    sequence: Long
  }
  namespace BaseAccount {
    /** sdk.auth.v1beta1.BaseAccount, as fromObject and encode take it. */
    type Init = {
      address?: string | null | undefined
      pub_key?: ProtoInits['google.protobuf.Any'] | null | undefined
      account_number?: Long | number | string | bigint | null | undefined
      sequence?: Long | number | string | bigint | null | undefined
    }
  }
  /** sdk.auth.v1beta1.ModuleAccount, decoded. */
  type ModuleAccount = {
    base_account: ProtoTypes['sdk.auth.v1beta1.BaseAccount'] | null
    name: string
    permissions: string[]
  }
  namespace ModuleAccount {
    /** sdk.auth.v1beta1.ModuleAccount, as fromObject and encode take it. */
    type Init = {
      base_account?: ProtoInits['sdk.auth.v1beta1.BaseAccount'] | null | undefined
      name?: string | null | undefined
      permissions?: readonly string[] | null | undefined
    }
  }
  /** sdk.auth.v1beta1.Params, decoded. */
  type Params = {
    max_memo_characters: Long
    tx_sig_limit: Long
    tx_size_cost_per_byte: Long
    sig_verify_cost_ed25519: Long
    sig_verify_cost_secp256k1: Long
  }
  namespace Params {
    /** sdk.auth.v1beta1.Params, as fromObject and encode take it. */
    type Init = {
      max_memo_characters?: Long | number | string | bigint | null | undefined
      tx_sig_limit?: Long | number | string | bigint | null | undefined
      tx_size_cost_per_byte?: Long | number | string | bigint | null | undefined
      sig_verify_cost_ed25519?: Long | number | string | bigint | null | undefined
      sig_verify_cost_secp256k1?: Long | number | string | bigint | null | undefined
    }
  }
  /** sdk.auth.v1beta1.GenesisState, decoded. */
  type GenesisState = {
    params: ProtoTypes['sdk.auth.v1beta1.Params'] | null
    accounts: ProtoTypes['google.protobuf.Any'][]
  }
  namespace GenesisState {
    /** sdk.auth.v1beta1.GenesisState, as fromObject and encode take it. */
    type Init = {
      params?: ProtoInits['sdk.auth.v1beta1.Params'] | null | undefined
      accounts?: readonly ProtoInits['google.protobuf.Any'][] | null | undefined
    }
  }
  /** sdk.auth.v1beta1.QueryAccountsRequest, decoded. */
  type QueryAccountsRequest = {
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageRequest'] | null
  }
  namespace QueryAccountsRequest {
    /** sdk.auth.v1beta1.QueryAccountsRequest, as fromObject and encode take it. */
    type Init = {
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageRequest'] | null | undefined
    }
  }
  /** sdk.auth.v1beta1.QueryAccountsResponse, decoded. */
  type QueryAccountsResponse = {
    accounts: ProtoTypes['google.protobuf.Any'][]
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageResponse'] | null
  }
  namespace QueryAccountsResponse {
    /** sdk.auth.v1beta1.QueryAccountsResponse, as fromObject and encode take it. */
    type Init = {
      accounts?: readonly ProtoInits['google.protobuf.Any'][] | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageResponse'] | null | undefined
    }
  }
  /** sdk.auth.v1beta1.QueryAccountRequest, decoded. */
  type QueryAccountRequest = {
    address: string
  }
  namespace QueryAccountRequest {
    /** sdk.auth.v1beta1.QueryAccountRequest, as fromObject and encode take it. */
    type Init = {
      address?: string | null | undefined
    }
  }
  /** sdk.auth.v1beta1.QueryAccountResponse, decoded. */
  type QueryAccountResponse = {
    account: ProtoTypes['google.protobuf.Any'] | null
  }
  namespace QueryAccountResponse {
    /** sdk.auth.v1beta1.QueryAccountResponse, as fromObject and encode take it. */
    type Init = {
      account?: ProtoInits['google.protobuf.Any'] | null | undefined
    }
  }
  /** sdk.auth.v1beta1.QueryParamsRequest, decoded. */
  type QueryParamsRequest = {
  }
  namespace QueryParamsRequest {
    /** sdk.auth.v1beta1.QueryParamsRequest, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.auth.v1beta1.QueryParamsResponse, decoded. */
  type QueryParamsResponse = {
    params: ProtoTypes['sdk.auth.v1beta1.Params'] | null
  }
  namespace QueryParamsResponse {
    /** sdk.auth.v1beta1.QueryParamsResponse, as fromObject and encode take it. */
    type Init = {
      params?: ProtoInits['sdk.auth.v1beta1.Params'] | null | undefined
    }
  }
  /** sdk.auth.v1beta1.QueryModuleAccountsRequest, decoded. */
  type QueryModuleAccountsRequest = {
  }
  namespace QueryModuleAccountsRequest {
    /** sdk.auth.v1beta1.QueryModuleAccountsRequest, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.auth.v1beta1.QueryModuleAccountsResponse, decoded. */
  type QueryModuleAccountsResponse = {
    accounts: ProtoTypes['google.protobuf.Any'][]
  }
  namespace QueryModuleAccountsResponse {
    /** sdk.auth.v1beta1.QueryModuleAccountsResponse, as fromObject and encode take it. */
    type Init = {
      accounts?: readonly ProtoInits['google.protobuf.Any'][] | null | undefined
    }
  }
  /** sdk.auth.v1beta1.QueryModuleAccountByNameRequest, decoded. */
  type QueryModuleAccountByNameRequest = {
    name: string
  }
  namespace QueryModuleAccountByNameRequest {
    /** sdk.auth.v1beta1.QueryModuleAccountByNameRequest, as fromObject and encode take it. */
    type Init = {
      name?: string | null | undefined
    }
  }
  /** sdk.auth.v1beta1.QueryModuleAccountByNameResponse, decoded. */
  type QueryModuleAccountByNameResponse = {
    account: ProtoTypes['google.protobuf.Any'] | null
  }
  namespace QueryModuleAccountByNameResponse {
    /** sdk.auth.v1beta1.QueryModuleAccountByNameResponse, as fromObject and encode take it. */
    type Init = {
      account?: ProtoInits['google.protobuf.Any'] | null | undefined
    }
  }
  /** sdk.auth.v1beta1.Bech32PrefixRequest, decoded. */
  type Bech32PrefixRequest = {
  }
  namespace Bech32PrefixRequest {
    /** sdk.auth.v1beta1.Bech32PrefixRequest, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.auth.v1beta1.Bech32PrefixResponse, decoded. */
  type Bech32PrefixResponse = {
    bech32_prefix: string
  }
  namespace Bech32PrefixResponse {
    /** sdk.auth.v1beta1.Bech32PrefixResponse, as fromObject and encode take it. */
    type Init = {
      bech32_prefix?: string | null | undefined
    }
  }
  /** sdk.auth.v1beta1.AddressBytesToStringRequest, decoded. */
  type AddressBytesToStringRequest = {
    address_bytes: Uint8Array
  }
  namespace AddressBytesToStringRequest {
    /** sdk.auth.v1beta1.AddressBytesToStringRequest, as fromObject and encode take it. */
    type Init = {
      address_bytes?: Uint8Array | null | undefined
    }
  }
  /** sdk.auth.v1beta1.AddressBytesToStringResponse, decoded. */
  type AddressBytesToStringResponse = {
    address_string: string
  }
  namespace AddressBytesToStringResponse {
    /** sdk.auth.v1beta1.AddressBytesToStringResponse, as fromObject and encode take it. */
    type Init = {
      address_string?: string | null | undefined
    }
  }
  /** sdk.auth.v1beta1.AddressStringToBytesRequest, decoded. */
  type AddressStringToBytesRequest = {
    address_string: string
  }
  namespace AddressStringToBytesRequest {
    /** sdk.auth.v1beta1.AddressStringToBytesRequest, as fromObject and encode take it. */
    type Init = {
      address_string?: string | null | undefined
    }
  }
  /** sdk.auth.v1beta1.AddressStringToBytesResponse, decoded. */
  type AddressStringToBytesResponse = {
    address_bytes: Uint8Array
  }
  namespace AddressStringToBytesResponse {
    /** sdk.auth.v1beta1.AddressStringToBytesResponse, as fromObject and encode take it. */
    type Init = {
      address_bytes?: Uint8Array | null | undefined
    }
  }
  /** sdk.auth.v1beta1.QueryAccountAddressByIDRequest, decoded. */
  type QueryAccountAddressByIDRequest = {
    id: Long
    account_id: Long
  }
  namespace QueryAccountAddressByIDRequest {
    /** sdk.auth.v1beta1.QueryAccountAddressByIDRequest, as fromObject and encode take it. */
    type Init = {
      id?: Long | number | string | bigint | null | undefined
      account_id?: Long | number | string | bigint | null | undefined
    }
  }
  /** sdk.auth.v1beta1.QueryAccountAddressByIDResponse, decoded. */
  type QueryAccountAddressByIDResponse = {
    account_address: string
  }
  namespace QueryAccountAddressByIDResponse {
    /** sdk.auth.v1beta1.QueryAccountAddressByIDResponse, as fromObject and encode take it. */
    type Init = {
      account_address?: string | null | undefined
    }
  }
  /** sdk.auth.v1beta1.QueryAccountInfoRequest, decoded. */
  type QueryAccountInfoRequest = {
    address: string
  }
  namespace QueryAccountInfoRequest {
    /** sdk.auth.v1beta1.QueryAccountInfoRequest, as fromObject and encode take it. */
    type Init = {
      address?: string | null | undefined
    }
  }
  /** sdk.auth.v1beta1.QueryAccountInfoResponse, decoded. */
  type QueryAccountInfoResponse = {
    info: ProtoTypes['sdk.auth.v1beta1.BaseAccount'] | null
  }
  namespace QueryAccountInfoResponse {
    /** sdk.auth.v1beta1.QueryAccountInfoResponse, as fromObject and encode take it. */
    type Init = {
      info?: ProtoInits['sdk.auth.v1beta1.BaseAccount'] | null | undefined
    }
  }
  /** sdk.auth.v1beta1.MsgUpdateParams, decoded. */
  type MsgUpdateParams = {
    authority: string
    params: ProtoTypes['sdk.auth.v1beta1.Params'] | null
  }
  namespace MsgUpdateParams {
    /** sdk.auth.v1beta1.MsgUpdateParams, as fromObject and encode take it. */
    type Init = {
      authority?: string | null | undefined
      params?: ProtoInits['sdk.auth.v1beta1.Params'] | null | undefined
    }
  }
  /** sdk.auth.v1beta1.MsgUpdateParamsResponse, decoded. */
  type MsgUpdateParamsResponse = {
  }
  namespace MsgUpdateParamsResponse {
    /** sdk.auth.v1beta1.MsgUpdateParamsResponse, as fromObject and encode take it. */
    type Init = {
    }
  }
}

export declare namespace sdk.autocli.v1 {
  /** sdk.autocli.v1.ModuleOptions, decoded. */
  type ModuleOptions = {
    tx: ProtoTypes['sdk.autocli.v1.ServiceCommandDescriptor'] | null
    query: ProtoTypes['sdk.autocli.v1.ServiceCommandDescriptor'] | null
  }
  namespace ModuleOptions {
    /** sdk.autocli.v1.ModuleOptions, as fromObject and encode take it. */
    type Init = {
      tx?: ProtoInits['sdk.autocli.v1.ServiceCommandDescriptor'] | null | undefined
      query?: ProtoInits['sdk.autocli.v1.ServiceCommandDescriptor'] | null | undefined
    }
  }
  /** sdk.autocli.v1.ServiceCommandDescriptor, decoded. */
  type ServiceCommandDescriptor = {
    service: string
    rpc_command_options: ProtoTypes['sdk.autocli.v1.RpcCommandOptions'][]
    sub_commands: { [key: string]: ProtoTypes['sdk.autocli.v1.ServiceCommandDescriptor'] }
  }
  namespace ServiceCommandDescriptor {
    /** sdk.autocli.v1.ServiceCommandDescriptor, as fromObject and encode take it. */
    type Init = {
      service?: string | null | undefined
      rpc_command_options?: readonly ProtoInits['sdk.autocli.v1.RpcCommandOptions'][] | null | undefined
      sub_commands?: { readonly [key: string]: ProtoInits['sdk.autocli.v1.ServiceCommandDescriptor'] } | null | undefined
    }
  }
  /** sdk.autocli.v1.RpcCommandOptions, decoded. */
  type RpcCommandOptions = {
    rpc_method: string
    use: string
    long: string
    short: string
    example: string
    alias: string[]
    suggest_for: string[]
    deprecated: string
    version: string
    flag_options: { [key: string]: ProtoTypes['sdk.autocli.v1.FlagOptions'] }
    positional_args: ProtoTypes['sdk.autocli.v1.PositionalArgDescriptor'][]
    skip: boolean
  }
  namespace RpcCommandOptions {
    /** sdk.autocli.v1.RpcCommandOptions, as fromObject and encode take it. */
    type Init = {
      rpc_method?: string | null | undefined
      use?: string | null | undefined
      long?: string | null | undefined
      short?: string | null | undefined
      example?: string | null | undefined
      alias?: readonly string[] | null | undefined
      suggest_for?: readonly string[] | null | undefined
      deprecated?: string | null | undefined
      version?: string | null | undefined
      flag_options?: { readonly [key: string]: ProtoInits['sdk.autocli.v1.FlagOptions'] } | null | undefined
      positional_args?: readonly ProtoInits['sdk.autocli.v1.PositionalArgDescriptor'][] | null | undefined
      skip?: boolean | null | undefined
    }
  }
  /** sdk.autocli.v1.FlagOptions, decoded. */
  type FlagOptions = {
    name: string
    shorthand: string
    usage: string
    default_value: string
    deprecated: string
    shorthand_deprecated: string
    hidden: boolean
  }
  namespace FlagOptions {
    /** sdk.autocli.v1.FlagOptions, as fromObject and encode take it. */
    type Init = {
      name?: string | null | undefined
      shorthand?: string | null | undefined
      usage?: string | null | undefined
      default_value?: string | null | undefined
      deprecated?: string | null | undefined
      shorthand_deprecated?: string | null | undefined
      hidden?: boolean | null | undefined
    }
  }
  /** sdk.autocli.v1.PositionalArgDescriptor, decoded. */
  type PositionalArgDescriptor = {
    proto_field: string
    varargs: boolean
  }
  namespace PositionalArgDescriptor {
    /** sdk.autocli.v1.PositionalArgDescriptor, as fromObject and encode take it. */
    type Init = {
      proto_field?: string | null | undefined
      varargs?: boolean | null | undefined
    }
  }
  /** sdk.autocli.v1.AppOptionsRequest, decoded. */
  type AppOptionsRequest = {
  }
  namespace AppOptionsRequest {
    /** sdk.autocli.v1.AppOptionsRequest, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.autocli.v1.AppOptionsResponse, decoded. */
  type AppOptionsResponse = {
    module_options: { [key: string]: ProtoTypes['sdk.autocli.v1.ModuleOptions'] }
  }
  namespace AppOptionsResponse {
    /** sdk.autocli.v1.AppOptionsResponse, as fromObject and encode take it. */
    type Init = {
      module_options?: { readonly [key: string]: ProtoInits['sdk.autocli.v1.ModuleOptions'] } | null | undefined
    }
  }
}

export declare namespace sdk.bank.v1beta1 {
  /** sdk.bank.v1beta1.Params, decoded. */
  type Params = {
    send_enabled: ProtoTypes['sdk.bank.v1beta1.SendEnabled'][]
    default_send_enabled: boolean
  }
  namespace Params {
    /** sdk.bank.v1beta1.Params, as fromObject and encode take it. */
    type Init = {
      send_enabled?: readonly ProtoInits['sdk.bank.v1beta1.SendEnabled'][] | null | undefined
      default_send_enabled?: boolean | null | undefined
    }
  }
  /** sdk.bank.v1beta1.SendEnabled, decoded. */
  type SendEnabled = {
    denom: string
    enabled: boolean
  }
  namespace SendEnabled {
    /** sdk.bank.v1beta1.SendEnabled, as fromObject and encode take it. */
    type Init = {
      denom?: string | null | undefined
      enabled?: boolean | null | undefined
    }
  }
  /** sdk.bank.v1beta1.Input, decoded. */
  type Input = {
    address: string
    coins: ProtoTypes['sdk.base.v1beta1.Coin'][]
  }
  namespace Input {
    /** sdk.bank.v1beta1.Input, as fromObject and encode take it. */
    type Init = {
      address?: string | null | undefined
      coins?: readonly ProtoInits['sdk.base.v1beta1.Coin'][] | null | undefined
    }
  }
  /** sdk.bank.v1beta1.Output, decoded. */
  type Output = {
    address: string
    coins: ProtoTypes['sdk.base.v1beta1.Coin'][]
  }
  namespace Output {
    /** sdk.bank.v1beta1.Output, as fromObject and encode take it. */
    type Init = {
      address?: string | null | undefined
      coins?: readonly ProtoInits['sdk.base.v1beta1.Coin'][] | null | undefined
    }
  }
  /** sdk.bank.v1beta1.Supply, decoded. */
  type Supply = {
    total: ProtoTypes['sdk.base.v1beta1.Coin'][]
  }
  namespace Supply {
    /** sdk.bank.v1beta1.Supply, as fromObject and encode take it. */
    type Init = {
      total?: readonly ProtoInits['sdk.base.v1beta1.Coin'][] | null | undefined
    }
  }
  /** sdk.bank.v1beta1.DenomUnit, decoded. */
  type DenomUnit = {
    denom: string
    exponent: number
    aliases: string[]
  }
  namespace DenomUnit {
    /** sdk.bank.v1beta1.DenomUnit, as fromObject and encode take it. */
    type Init = {
      denom?: string | null | undefined
      exponent?: number | null | undefined
      aliases?: readonly string[] | null | undefined
    }
  }
  /** sdk.bank.v1beta1.Metadata, decoded. */
  type Metadata = {
    description: string
    denom_units: ProtoTypes['sdk.bank.v1beta1.DenomUnit'][]
    base: string
    display: string
    name: string
    symbol: string
    uri: string
    uri_hash: string
  }
  namespace Metadata {
    /** sdk.bank.v1beta1.Metadata, as fromObject and encode take it. */
    type Init = {
      description?: string | null | undefined
      denom_units?: readonly ProtoInits['sdk.bank.v1beta1.DenomUnit'][] | null | undefined
      base?: string | null | undefined
      display?: string | null | undefined
      name?: string | null | undefined
      symbol?: string | null | undefined
      uri?: string | null | undefined
      uri_hash?: string | null | undefined
    }
  }
  /** sdk.bank.v1beta1.GenesisState, decoded. */
  type GenesisState = {
    params: ProtoTypes['sdk.bank.v1beta1.Params'] | null
    balances: ProtoTypes['sdk.bank.v1beta1.Balance'][]
    supply: ProtoTypes['sdk.base.v1beta1.Coin'][]
    denom_metadata: ProtoTypes['sdk.bank.v1beta1.Metadata'][]
    send_enabled: ProtoTypes['sdk.bank.v1beta1.SendEnabled'][]
  }
  namespace GenesisState {
    /** sdk.bank.v1beta1.GenesisState, as fromObject and encode take it. */
    type Init = {
      params?: ProtoInits['sdk.bank.v1beta1.Params'] | null | undefined
      balances?: readonly ProtoInits['sdk.bank.v1beta1.Balance'][] | null | undefined
      supply?: readonly ProtoInits['sdk.base.v1beta1.Coin'][] | null | undefined
      denom_metadata?: readonly ProtoInits['sdk.bank.v1beta1.Metadata'][] | null | undefined
      send_enabled?: readonly ProtoInits['sdk.bank.v1beta1.SendEnabled'][] | null | undefined
    }
  }
  /** sdk.bank.v1beta1.Balance, decoded. */
  type Balance = {
    address: string
    coins: ProtoTypes['sdk.base.v1beta1.Coin'][]
  }
  namespace Balance {
    /** sdk.bank.v1beta1.Balance, as fromObject and encode take it. */
    type Init = {
      address?: string | null | undefined
      coins?: readonly ProtoInits['sdk.base.v1beta1.Coin'][] | null | undefined
    }
  }
  /** sdk.bank.v1beta1.QueryBalanceRequest, decoded. */
  type QueryBalanceRequest = {
    address: string
    denom: string
  }
  namespace QueryBalanceRequest {
    /** sdk.bank.v1beta1.QueryBalanceRequest, as fromObject and encode take it. */
    type Init = {
      address?: string | null | undefined
      denom?: string | null | undefined
    }
  }
  /** sdk.bank.v1beta1.QueryBalanceResponse, decoded. */
  type QueryBalanceResponse = {
    balance: ProtoTypes['sdk.base.v1beta1.Coin'] | null
  }
  namespace QueryBalanceResponse {
    /** sdk.bank.v1beta1.QueryBalanceResponse, as fromObject and encode take it. */
    type Init = {
      balance?: ProtoInits['sdk.base.v1beta1.Coin'] | null | undefined
    }
  }
  /** sdk.bank.v1beta1.QueryAllBalancesRequest, decoded. */
  type QueryAllBalancesRequest = {
    address: string
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageRequest'] | null
    resolve_denom: boolean
  }
  namespace QueryAllBalancesRequest {
    /** sdk.bank.v1beta1.QueryAllBalancesRequest, as fromObject and encode take it. */
    type Init = {
      address?: string | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageRequest'] | null | undefined
      resolve_denom?: boolean | null | undefined
    }
  }
  /** sdk.bank.v1beta1.QueryAllBalancesResponse, decoded. */
  type QueryAllBalancesResponse = {
    balances: ProtoTypes['sdk.base.v1beta1.Coin'][]
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageResponse'] | null
  }
  namespace QueryAllBalancesResponse {
    /** sdk.bank.v1beta1.QueryAllBalancesResponse, as fromObject and encode take it. */
    type Init = {
      balances?: readonly ProtoInits['sdk.base.v1beta1.Coin'][] | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageResponse'] | null | undefined
    }
  }
  /** sdk.bank.v1beta1.QuerySpendableBalancesRequest, decoded. */
  type QuerySpendableBalancesRequest = {
    address: string
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageRequest'] | null
  }
  namespace QuerySpendableBalancesRequest {
    /** sdk.bank.v1beta1.QuerySpendableBalancesRequest, as fromObject and encode take it. */
    type Init = {
      address?: string | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageRequest'] | null | undefined
    }
  }
  /** sdk.bank.v1beta1.QuerySpendableBalancesResponse, decoded. */
  type QuerySpendableBalancesResponse = {
    balances: ProtoTypes['sdk.base.v1beta1.Coin'][]
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageResponse'] | null
  }
  namespace QuerySpendableBalancesResponse {
    /** sdk.bank.v1beta1.QuerySpendableBalancesResponse, as fromObject and encode take it. */
    type Init = {
      balances?: readonly ProtoInits['sdk.base.v1beta1.Coin'][] | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageResponse'] | null | undefined
    }
  }
  /** sdk.bank.v1beta1.QuerySpendableBalanceByDenomRequest, decoded. */
  type QuerySpendableBalanceByDenomRequest = {
    address: string
    denom: string
  }
  namespace QuerySpendableBalanceByDenomRequest {
    /** sdk.bank.v1beta1.QuerySpendableBalanceByDenomRequest, as fromObject and encode take it. */
    type Init = {
      address?: string | null | undefined
      denom?: string | null | undefined
    }
  }
  /** sdk.bank.v1beta1.QuerySpendableBalanceByDenomResponse, decoded. */
  type QuerySpendableBalanceByDenomResponse = {
    balance: ProtoTypes['sdk.base.v1beta1.Coin'] | null
  }
  namespace QuerySpendableBalanceByDenomResponse {
    /** sdk.bank.v1beta1.QuerySpendableBalanceByDenomResponse, as fromObject and encode take it. */
    type Init = {
      balance?: ProtoInits['sdk.base.v1beta1.Coin'] | null | undefined
    }
  }
  /** sdk.bank.v1beta1.QueryTotalSupplyRequest, decoded. */
  type QueryTotalSupplyRequest = {
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageRequest'] | null
  }
  namespace QueryTotalSupplyRequest {
    /** sdk.bank.v1beta1.QueryTotalSupplyRequest, as fromObject and encode take it. */
    type Init = {
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageRequest'] | null | undefined
    }
  }
  /** sdk.bank.v1beta1.QueryTotalSupplyResponse, decoded. */
  type QueryTotalSupplyResponse = {
    supply: ProtoTypes['sdk.base.v1beta1.Coin'][]
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageResponse'] | null
  }
  namespace QueryTotalSupplyResponse {
    /** sdk.bank.v1beta1.QueryTotalSupplyResponse, as fromObject and encode take it. */
    type Init = {
      supply?: readonly ProtoInits['sdk.base.v1beta1.Coin'][] | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageResponse'] | null | undefined
    }
  }
  /** sdk.bank.v1beta1.QuerySupplyOfRequest, decoded. */
  type QuerySupplyOfRequest = {
    denom: string
  }
  namespace QuerySupplyOfRequest {
    /** sdk.bank.v1beta1.QuerySupplyOfRequest, as fromObject and encode take it. */
    type Init = {
      denom?: string | null | undefined
    }
  }
  /** sdk.bank.v1beta1.QuerySupplyOfResponse, decoded. */
  type QuerySupplyOfResponse = {
    amount: ProtoTypes['sdk.base.v1beta1.Coin'] | null
  }
  namespace QuerySupplyOfResponse {
    /** sdk.bank.v1beta1.QuerySupplyOfResponse, as fromObject and encode take it. */
    type Init = {
      amount?: ProtoInits['sdk.base.v1beta1.Coin'] | null | undefined
    }
  }
  /** sdk.bank.v1beta1.QueryParamsRequest, decoded. */
  type QueryParamsRequest = {
  }
  namespace QueryParamsRequest {
    /** sdk.bank.v1beta1.QueryParamsRequest, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.bank.v1beta1.QueryParamsResponse, decoded. */
  type QueryParamsResponse = {
    params: ProtoTypes['sdk.bank.v1beta1.Params'] | null
  }
  namespace QueryParamsResponse {
    /** sdk.bank.v1beta1.QueryParamsResponse, as fromObject and encode take it. */
    type Init = {
      params?: ProtoInits['sdk.bank.v1beta1.Params'] | null | undefined
    }
  }
  /** sdk.bank.v1beta1.QuerySendEnabledRequest, decoded. */
  type QuerySendEnabledRequest = {
    denoms: string[]
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageRequest'] | null
  }
  namespace QuerySendEnabledRequest {
    /** sdk.bank.v1beta1.QuerySendEnabledRequest, as fromObject and encode take it. */
    type Init = {
      denoms?: readonly string[] | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageRequest'] | null | undefined
    }
  }
  /** sdk.bank.v1beta1.QuerySendEnabledResponse, decoded. */
  type QuerySendEnabledResponse = {
    send_enabled: ProtoTypes['sdk.bank.v1beta1.SendEnabled'][]
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageResponse'] | null
  }
  namespace QuerySendEnabledResponse {
    /** sdk.bank.v1beta1.QuerySendEnabledResponse, as fromObject and encode take it. */
    type Init = {
      send_enabled?: readonly ProtoInits['sdk.bank.v1beta1.SendEnabled'][] | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageResponse'] | null | undefined
    }
  }
  /** sdk.bank.v1beta1.QueryDenomsMetadataRequest, decoded. */
  type QueryDenomsMetadataRequest = {
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageRequest'] | null
  }
  namespace QueryDenomsMetadataRequest {
    /** sdk.bank.v1beta1.QueryDenomsMetadataRequest, as fromObject and encode take it. */
    type Init = {
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageRequest'] | null | undefined
    }
  }
  /** sdk.bank.v1beta1.QueryDenomsMetadataResponse, decoded. */
  type QueryDenomsMetadataResponse = {
    metadatas: ProtoTypes['sdk.bank.v1beta1.Metadata'][]
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageResponse'] | null
  }
  namespace QueryDenomsMetadataResponse {
    /** sdk.bank.v1beta1.QueryDenomsMetadataResponse, as fromObject and encode take it. */
    type Init = {
      metadatas?: readonly ProtoInits['sdk.bank.v1beta1.Metadata'][] | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageResponse'] | null | undefined
    }
  }
  /** sdk.bank.v1beta1.QueryDenomMetadataRequest, decoded. */
  type QueryDenomMetadataRequest = {
    denom: string
  }
  namespace QueryDenomMetadataRequest {
    /** sdk.bank.v1beta1.QueryDenomMetadataRequest, as fromObject and encode take it. */
    type Init = {
      denom?: string | null | undefined
    }
  }
  /** sdk.bank.v1beta1.QueryDenomMetadataResponse, decoded. */
  type QueryDenomMetadataResponse = {
    metadata: ProtoTypes['sdk.bank.v1beta1.Metadata'] | null
  }
  namespace QueryDenomMetadataResponse {
    /** sdk.bank.v1beta1.QueryDenomMetadataResponse, as fromObject and encode take it. */
    type Init = {
      metadata?: ProtoInits['sdk.bank.v1beta1.Metadata'] | null | undefined
    }
  }
  /** sdk.bank.v1beta1.QueryDenomMetadataByQueryStringRequest, decoded. */
  type QueryDenomMetadataByQueryStringRequest = {
    denom: string
  }
  namespace QueryDenomMetadataByQueryStringRequest {
    /** sdk.bank.v1beta1.QueryDenomMetadataByQueryStringRequest, as fromObject and encode take it. */
    type Init = {
      denom?: string | null | undefined
    }
  }
  /** sdk.bank.v1beta1.QueryDenomMetadataByQueryStringResponse, decoded. */
  type QueryDenomMetadataByQueryStringResponse = {
    metadata: ProtoTypes['sdk.bank.v1beta1.Metadata'] | null
  }
  namespace QueryDenomMetadataByQueryStringResponse {
    /** sdk.bank.v1beta1.QueryDenomMetadataByQueryStringResponse, as fromObject and encode take it. */
    type Init = {
      metadata?: ProtoInits['sdk.bank.v1beta1.Metadata'] | null | undefined
    }
  }
  /** sdk.bank.v1beta1.QueryDenomOwnersRequest, decoded. */
  type QueryDenomOwnersRequest = {
    denom: string
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageRequest'] | null
  }
  namespace QueryDenomOwnersRequest {
    /** sdk.bank.v1beta1.QueryDenomOwnersRequest, as fromObject and encode take it. */
    type Init = {
      denom?: string | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageRequest'] | null | undefined
    }
  }
  /** sdk.bank.v1beta1.DenomOwner, decoded. */
  type DenomOwner = {
    address: string
    balance: ProtoTypes['sdk.base.v1beta1.Coin'] | null
  }
  namespace DenomOwner {
    /** sdk.bank.v1beta1.DenomOwner, as fromObject and encode take it. */
    type Init = {
      address?: string | null | undefined
      balance?: ProtoInits['sdk.base.v1beta1.Coin'] | null | undefined
    }
  }
  /** sdk.bank.v1beta1.QueryDenomOwnersResponse, decoded. */
  type QueryDenomOwnersResponse = {
    denom_owners: ProtoTypes['sdk.bank.v1beta1.DenomOwner'][]
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageResponse'] | null
  }
  namespace QueryDenomOwnersResponse {
    /** sdk.bank.v1beta1.QueryDenomOwnersResponse, as fromObject and encode take it. */
    type Init = {
      denom_owners?: readonly ProtoInits['sdk.bank.v1beta1.DenomOwner'][] | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageResponse'] | null | undefined
    }
  }
  /** sdk.bank.v1beta1.QueryDenomOwnersByQueryRequest, decoded. */
  type QueryDenomOwnersByQueryRequest = {
    denom: string
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageRequest'] | null
  }
  namespace QueryDenomOwnersByQueryRequest {
    /** sdk.bank.v1beta1.QueryDenomOwnersByQueryRequest, as fromObject and encode take it. */
    type Init = {
      denom?: string | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageRequest'] | null | undefined
    }
  }
  /** sdk.bank.v1beta1.QueryDenomOwnersByQueryResponse, decoded. */
  type QueryDenomOwnersByQueryResponse = {
    denom_owners: ProtoTypes['sdk.bank.v1beta1.DenomOwner'][]
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageResponse'] | null
  }
  namespace QueryDenomOwnersByQueryResponse {
    /** sdk.bank.v1beta1.QueryDenomOwnersByQueryResponse, as fromObject and encode take it. */
    type Init = {
      denom_owners?: readonly ProtoInits['sdk.bank.v1beta1.DenomOwner'][] | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageResponse'] | null | undefined
    }
  }
  /** sdk.bank.v1beta1.MsgSend, decoded. */
  type MsgSend = {
    from_address: string
    to_address: string
    amount: ProtoTypes['sdk.base.v1beta1.Coin'][]
  }
  namespace MsgSend {
    /** sdk.bank.v1beta1.MsgSend, as fromObject and encode take it. */
    type Init = {
      from_address?: string | null | undefined
      to_address?: string | null | undefined
      amount?: readonly ProtoInits['sdk.base.v1beta1.Coin'][] | null | undefined
    }
  }
  /** sdk.bank.v1beta1.MsgSendResponse, decoded. */
  type MsgSendResponse = {
  }
  namespace MsgSendResponse {
    /** sdk.bank.v1beta1.MsgSendResponse, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.bank.v1beta1.MsgMultiSend, decoded. */
  type MsgMultiSend = {
    inputs: ProtoTypes['sdk.bank.v1beta1.Input'][]
    outputs: ProtoTypes['sdk.bank.v1beta1.Output'][]
  }
  namespace MsgMultiSend {
    /** sdk.bank.v1beta1.MsgMultiSend, as fromObject and encode take it. */
    type Init = {
      inputs?: readonly ProtoInits['sdk.bank.v1beta1.Input'][] | null | undefined
      outputs?: readonly ProtoInits['sdk.bank.v1beta1.Output'][] | null | undefined
    }
  }
  /** sdk.bank.v1beta1.MsgMultiSendResponse, decoded. */
  type MsgMultiSendResponse = {
  }
  namespace MsgMultiSendResponse {
    /** sdk.bank.v1beta1.MsgMultiSendResponse, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.bank.v1beta1.MsgUpdateParams, decoded. */
  type MsgUpdateParams = {
    authority: string
    params: ProtoTypes['sdk.bank.v1beta1.Params'] | null
  }
  namespace MsgUpdateParams {
    /** sdk.bank.v1beta1.MsgUpdateParams, as fromObject and encode take it. */
    type Init = {
      authority?: string | null | undefined
      params?: ProtoInits['sdk.bank.v1beta1.Params'] | null | undefined
    }
  }
  /** sdk.bank.v1beta1.MsgUpdateParamsResponse, decoded. */
  type MsgUpdateParamsResponse = {
  }
  namespace MsgUpdateParamsResponse {
    /** sdk.bank.v1beta1.MsgUpdateParamsResponse, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.bank.v1beta1.MsgSetSendEnabled, decoded. */
  type MsgSetSendEnabled = {
    authority: string
    send_enabled: ProtoTypes['sdk.bank.v1beta1.SendEnabled'][]
    use_default_for: string[]
  }
  namespace MsgSetSendEnabled {
    /** sdk.bank.v1beta1.MsgSetSendEnabled, as fromObject and encode take it. */
    type Init = {
      authority?: string | null | undefined
      send_enabled?: readonly ProtoInits['sdk.bank.v1beta1.SendEnabled'][] | null | undefined
      use_default_for?: readonly string[] | null | undefined
    }
  }
  /** sdk.bank.v1beta1.MsgSetSendEnabledResponse, decoded. */
  type MsgSetSendEnabledResponse = {
  }
  namespace MsgSetSendEnabledResponse {
    /** sdk.bank.v1beta1.MsgSetSendEnabledResponse, as fromObject and encode take it. */
    type Init = {
    }
  }
}

export declare namespace sdk.base.abci.v1beta1 {
  /** sdk.base.abci.v1beta1.TxResponse, decoded. */
  type TxResponse = {
    height: Long
    txhash: string
    codespace: string
    code: number
    data: string
    raw_log: string
    logs: ProtoTypes['sdk.base.abci.v1beta1.ABCIMessageLog'][]
    info: string
    gas_wanted: Long
    gas_used: Long
    tx: ProtoTypes['google.protobuf.Any'] | null
    timestamp: string
    events: ProtoTypes['tendermint.abci.Event'][]
  }
  namespace TxResponse {
    /** sdk.base.abci.v1beta1.TxResponse, as fromObject and encode take it. */
    type Init = {
      height?: Long | number | string | bigint | null | undefined
      txhash?: string | null | undefined
      codespace?: string | null | undefined
      code?: number | null | undefined
      data?: string | null | undefined
      raw_log?: string | null | undefined
      logs?: readonly ProtoInits['sdk.base.abci.v1beta1.ABCIMessageLog'][] | null | undefined
      info?: string | null | undefined
      gas_wanted?: Long | number | string | bigint | null | undefined
      gas_used?: Long | number | string | bigint | null | undefined
      tx?: ProtoInits['google.protobuf.Any'] | null | undefined
      timestamp?: string | null | undefined
      events?: readonly ProtoInits['tendermint.abci.Event'][] | null | undefined
    }
  }
  /** sdk.base.abci.v1beta1.ABCIMessageLog, decoded. */
  type ABCIMessageLog = {
    msg_index: number
    log: string
    events: ProtoTypes['sdk.base.abci.v1beta1.StringEvent'][]
  }
  namespace ABCIMessageLog {
    /** sdk.base.abci.v1beta1.ABCIMessageLog, as fromObject and encode take it. */
    type Init = {
      msg_index?: number | null | undefined
      log?: string | null | undefined
      events?: readonly ProtoInits['sdk.base.abci.v1beta1.StringEvent'][] | null | undefined
    }
  }
  /** sdk.base.abci.v1beta1.StringEvent, decoded. */
  type StringEvent = {
    type: string
    attributes: ProtoTypes['sdk.base.abci.v1beta1.Attribute'][]
  }
  namespace StringEvent {
    /** sdk.base.abci.v1beta1.StringEvent, as fromObject and encode take it. */
    type Init = {
      type?: string | null | undefined
      attributes?: readonly ProtoInits['sdk.base.abci.v1beta1.Attribute'][] | null | undefined
    }
  }
  /** sdk.base.abci.v1beta1.Attribute, decoded. */
  type Attribute = {
    key: string
    value: string
  }
  namespace Attribute {
    /** sdk.base.abci.v1beta1.Attribute, as fromObject and encode take it. */
    type Init = {
      key?: string | null | undefined
      value?: string | null | undefined
    }
  }
  /** sdk.base.abci.v1beta1.GasInfo, decoded. */
  type GasInfo = {
    gas_wanted: Long
    gas_used: Long
  }
  namespace GasInfo {
    /** sdk.base.abci.v1beta1.GasInfo, as fromObject and encode take it. */
    type Init = {
      gas_wanted?: Long | number | string | bigint | null | undefined
      gas_used?: Long | number | string | bigint | null | undefined
    }
  }
  /** sdk.base.abci.v1beta1.Result, decoded. */
  type Result = {
    data: Uint8Array
    log: string
    events: ProtoTypes['tendermint.abci.Event'][]
    msg_responses: ProtoTypes['google.protobuf.Any'][]
  }
  namespace Result {
    /** sdk.base.abci.v1beta1.Result, as fromObject and encode take it. */
    type Init = {
      data?: Uint8Array | null | undefined
      log?: string | null | undefined
      events?: readonly ProtoInits['tendermint.abci.Event'][] | null | undefined
      msg_responses?: readonly ProtoInits['google.protobuf.Any'][] | null | undefined
    }
  }
  /** sdk.base.abci.v1beta1.SimulationResponse, decoded. */
  type SimulationResponse = {
    gas_info: ProtoTypes['sdk.base.abci.v1beta1.GasInfo'] | null
    result: ProtoTypes['sdk.base.abci.v1beta1.Result'] | null
  }
  namespace SimulationResponse {
    /** sdk.base.abci.v1beta1.SimulationResponse, as fromObject and encode take it. */
    type Init = {
      gas_info?: ProtoInits['sdk.base.abci.v1beta1.GasInfo'] | null | undefined
      result?: ProtoInits['sdk.base.abci.v1beta1.Result'] | null | undefined
    }
  }
  /** sdk.base.abci.v1beta1.MsgData, decoded. */
  type MsgData = {
    msg_type: string
    data: Uint8Array
  }
  namespace MsgData {
    /** sdk.base.abci.v1beta1.MsgData, as fromObject and encode take it. */
    type Init = {
      msg_type?: string | null | undefined
      data?: Uint8Array | null | undefined
    }
  }
  /** sdk.base.abci.v1beta1.TxMsgData, decoded. */
  type TxMsgData = {
    data: ProtoTypes['sdk.base.abci.v1beta1.MsgData'][]
    msg_responses: ProtoTypes['google.protobuf.Any'][]
  }
  namespace TxMsgData {
    /** sdk.base.abci.v1beta1.TxMsgData, as fromObject and encode take it. */
    type Init = {
      data?: readonly ProtoInits['sdk.base.abci.v1beta1.MsgData'][] | null | undefined
      msg_responses?: readonly ProtoInits['google.protobuf.Any'][] | null | undefined
    }
  }
}

export declare namespace sdk.base.kv.v1beta1 {
  /** sdk.base.kv.v1beta1.Pairs, decoded. */
  type Pairs = {
    pairs: ProtoTypes['sdk.base.kv.v1beta1.Pair'][]
  }
  namespace Pairs {
    /** sdk.base.kv.v1beta1.Pairs, as fromObject and encode take it. */
    type Init = {
      pairs?: readonly ProtoInits['sdk.base.kv.v1beta1.Pair'][] | null | undefined
    }
  }
  /** sdk.base.kv.v1beta1.Pair, decoded. */
  type Pair = {
    key: Uint8Array
    value: Uint8Array
  }
  namespace Pair {
    /** sdk.base.kv.v1beta1.Pair, as fromObject and encode take it. */
    type Init = {
      key?: Uint8Array | null | undefined
      value?: Uint8Array | null | undefined
    }
  }
}

export declare namespace sdk.base.node.v1beta1 {
  /** sdk.base.node.v1beta1.ConfigRequest, decoded. */
  type ConfigRequest = {
  }
  namespace ConfigRequest {
    /** sdk.base.node.v1beta1.ConfigRequest, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.base.node.v1beta1.ConfigResponse, decoded. */
  type ConfigResponse = {
    minimum_gas_price: string
    pruning_keep_recent: string
    pruning_interval: string
    halt_height: Long
  }
  namespace ConfigResponse {
    /** sdk.base.node.v1beta1.ConfigResponse, as fromObject and encode take it. */
    type Init = {
      minimum_gas_price?: string | null | undefined
      pruning_keep_recent?: string | null | undefined
      pruning_interval?: string | null | undefined
      halt_height?: Long | number | string | bigint | null | undefined
    }
  }
  /** sdk.base.node.v1beta1.StatusRequest, decoded. */
  type StatusRequest = {
  }
  namespace StatusRequest {
    /** sdk.base.node.v1beta1.StatusRequest, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.base.node.v1beta1.StatusResponse, decoded. */
  type StatusResponse = {
    earliest_store_height: Long
    height: Long
    timestamp: ProtoTypes['google.protobuf.Timestamp'] | null
    app_hash: Uint8Array
    validator_hash: Uint8Array
  }
  namespace StatusResponse {
    /** sdk.base.node.v1beta1.StatusResponse, as fromObject and encode take it. */
    type Init = {
      earliest_store_height?: Long | number | string | bigint | null | undefined
      height?: Long | number | string | bigint | null | undefined
      timestamp?: ProtoInits['google.protobuf.Timestamp'] | null | undefined
      app_hash?: Uint8Array | null | undefined
      validator_hash?: Uint8Array | null | undefined
    }
  }
}

export declare namespace sdk.base.query.v1beta1 {
  /** sdk.base.query.v1beta1.PageRequest, decoded. */
  type PageRequest = {
    key: Uint8Array
    offset: Long
    limit: Long
    count_total: boolean
    reverse: boolean
  }
  namespace PageRequest {
    /** sdk.base.query.v1beta1.PageRequest, as fromObject and encode take it. */
    type Init = {
      key?: Uint8Array | null | undefined
      offset?: Long | number | string | bigint | null | undefined
      limit?: Long | number | string | bigint | null | undefined
      count_total?: boolean | null | undefined
      reverse?: boolean | null | undefined
    }
  }
  /** sdk.base.query.v1beta1.PageResponse, decoded. */
  type PageResponse = {
    next_key: Uint8Array
    total: Long
  }
  namespace PageResponse {
    /** sdk.base.query.v1beta1.PageResponse, as fromObject and encode take it. */
    type Init = {
      next_key?: Uint8Array | null | undefined
      total?: Long | number | string | bigint | null | undefined
    }
  }
}

export declare namespace sdk.base.reflection.v1beta1 {
  /** sdk.base.reflection.v1beta1.ListAllInterfacesRequest, decoded. */
  type ListAllInterfacesRequest = {
  }
  namespace ListAllInterfacesRequest {
    /** sdk.base.reflection.v1beta1.ListAllInterfacesRequest, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.base.reflection.v1beta1.ListAllInterfacesResponse, decoded. */
  type ListAllInterfacesResponse = {
    interface_names: string[]
  }
  namespace ListAllInterfacesResponse {
    /** sdk.base.reflection.v1beta1.ListAllInterfacesResponse, as fromObject and encode take it. */
    type Init = {
      interface_names?: readonly string[] | null | undefined
    }
  }
  /** sdk.base.reflection.v1beta1.ListImplementationsRequest, decoded. */
  type ListImplementationsRequest = {
    interface_name: string
  }
  namespace ListImplementationsRequest {
    /** sdk.base.reflection.v1beta1.ListImplementationsRequest, as fromObject and encode take it. */
    type Init = {
      interface_name?: string | null | undefined
    }
  }
  /** sdk.base.reflection.v1beta1.ListImplementationsResponse, decoded. */
  type ListImplementationsResponse = {
    implementation_message_names: string[]
  }
  namespace ListImplementationsResponse {
    /** sdk.base.reflection.v1beta1.ListImplementationsResponse, as fromObject and encode take it. */
    type Init = {
      implementation_message_names?: readonly string[] | null | undefined
    }
  }
}

export declare namespace sdk.base.reflection.v2alpha1 {
  /** sdk.base.reflection.v2alpha1.AppDescriptor, decoded. */
  type AppDescriptor = {
    authn: ProtoTypes['sdk.base.reflection.v2alpha1.AuthnDescriptor'] | null
    chain: ProtoTypes['sdk.base.reflection.v2alpha1.ChainDescriptor'] | null
    codec: ProtoTypes['sdk.base.reflection.v2alpha1.CodecDescriptor'] | null
    configuration: ProtoTypes['sdk.base.reflection.v2alpha1.ConfigurationDescriptor'] | null
    query_services: ProtoTypes['sdk.base.reflection.v2alpha1.QueryServicesDescriptor'] | null
    tx: ProtoTypes['sdk.base.reflection.v2alpha1.TxDescriptor'] | null
  }
  namespace AppDescriptor {
    /** sdk.base.reflection.v2alpha1.AppDescriptor, as fromObject and encode take it. */
    type Init = {
      authn?: ProtoInits['sdk.base.reflection.v2alpha1.AuthnDescriptor'] | null | undefined
      chain?: ProtoInits['sdk.base.reflection.v2alpha1.ChainDescriptor'] | null | undefined
      codec?: ProtoInits['sdk.base.reflection.v2alpha1.CodecDescriptor'] | null | undefined
      configuration?: ProtoInits['sdk.base.reflection.v2alpha1.ConfigurationDescriptor'] | null | undefined
      query_services?: ProtoInits['sdk.base.reflection.v2alpha1.QueryServicesDescriptor'] | null | undefined
      tx?: ProtoInits['sdk.base.reflection.v2alpha1.TxDescriptor'] | null | undefined
    }
  }
  /** sdk.base.reflection.v2alpha1.TxDescriptor, decoded. */
  type TxDescriptor = {
    fullname: string
    msgs: ProtoTypes['sdk.base.reflection.v2alpha1.MsgDescriptor'][]
  }
  namespace TxDescriptor {
    /** sdk.base.reflection.v2alpha1.TxDescriptor, as fromObject and encode take it. */
    type Init = {
      fullname?: string | null | undefined
      msgs?: readonly ProtoInits['sdk.base.reflection.v2alpha1.MsgDescriptor'][] | null | undefined
    }
  }
  /** sdk.base.reflection.v2alpha1.AuthnDescriptor, decoded. */
  type AuthnDescriptor = {
    sign_modes: ProtoTypes['sdk.base.reflection.v2alpha1.SigningModeDescriptor'][]
  }
  namespace AuthnDescriptor {
    /** sdk.base.reflection.v2alpha1.AuthnDescriptor, as fromObject and encode take it. */
    type Init = {
      sign_modes?: readonly ProtoInits['sdk.base.reflection.v2alpha1.SigningModeDescriptor'][] | null | undefined
    }
  }
  /** sdk.base.reflection.v2alpha1.SigningModeDescriptor, decoded. */
  type SigningModeDescriptor = {
    name: string
    number: number
    authn_info_provider_method_fullname: string
  }
  namespace SigningModeDescriptor {
    /** sdk.base.reflection.v2alpha1.SigningModeDescriptor, as fromObject and encode take it. */
    type Init = {
      name?: string | null | undefined
      number?: number | null | undefined
      authn_info_provider_method_fullname?: string | null | undefined
    }
  }
  /** sdk.base.reflection.v2alpha1.ChainDescriptor, decoded. */
  type ChainDescriptor = {
    id: string
  }
  namespace ChainDescriptor {
    /** sdk.base.reflection.v2alpha1.ChainDescriptor, as fromObject and encode take it. */
    type Init = {
      id?: string | null | undefined
    }
  }
  /** sdk.base.reflection.v2alpha1.CodecDescriptor, decoded. */
  type CodecDescriptor = {
    interfaces: ProtoTypes['sdk.base.reflection.v2alpha1.InterfaceDescriptor'][]
  }
  namespace CodecDescriptor {
    /** sdk.base.reflection.v2alpha1.CodecDescriptor, as fromObject and encode take it. */
    type Init = {
      interfaces?: readonly ProtoInits['sdk.base.reflection.v2alpha1.InterfaceDescriptor'][] | null | undefined
    }
  }
  /** sdk.base.reflection.v2alpha1.InterfaceDescriptor, decoded. */
  type InterfaceDescriptor = {
    fullname: string
    interface_accepting_messages: ProtoTypes['sdk.base.reflection.v2alpha1.InterfaceAcceptingMessageDescriptor'][]
    interface_implementers: ProtoTypes['sdk.base.reflection.v2alpha1.InterfaceImplementerDescriptor'][]
  }
  namespace InterfaceDescriptor {
    /** sdk.base.reflection.v2alpha1.InterfaceDescriptor, as fromObject and encode take it. */
    type Init = {
      fullname?: string | null | undefined
      interface_accepting_messages?: readonly ProtoInits['sdk.base.reflection.v2alpha1.InterfaceAcceptingMessageDescriptor'][] | null | undefined
      interface_implementers?: readonly ProtoInits['sdk.base.reflection.v2alpha1.InterfaceImplementerDescriptor'][] | null | undefined
    }
  }
  /** sdk.base.reflection.v2alpha1.InterfaceImplementerDescriptor, decoded. */
  type InterfaceImplementerDescriptor = {
    fullname: string
    type_url: string
  }
  namespace InterfaceImplementerDescriptor {
    /** sdk.base.reflection.v2alpha1.InterfaceImplementerDescriptor, as fromObject and encode take it. */
    type Init = {
      fullname?: string | null | undefined
      type_url?: string | null | undefined
    }
  }
  /** sdk.base.reflection.v2alpha1.InterfaceAcceptingMessageDescriptor, decoded. */
  type InterfaceAcceptingMessageDescriptor = {
    fullname: string
    field_descriptor_names: string[]
  }
  namespace InterfaceAcceptingMessageDescriptor {
    /** sdk.base.reflection.v2alpha1.InterfaceAcceptingMessageDescriptor, as fromObject and encode take it. */
    type Init = {
      fullname?: string | null | undefined
      field_descriptor_names?: readonly string[] | null | undefined
    }
  }
  /** sdk.base.reflection.v2alpha1.ConfigurationDescriptor, decoded. */
  type ConfigurationDescriptor = {
    bech32_account_address_prefix: string
  }
  namespace ConfigurationDescriptor {
    /** sdk.base.reflection.v2alpha1.ConfigurationDescriptor, as fromObject and encode take it. */
    type Init = {
      bech32_account_address_prefix?: string | null | undefined
    }
  }
  /** sdk.base.reflection.v2alpha1.MsgDescriptor, decoded. */
  type MsgDescriptor = {
    msg_type_url: string
  }
  namespace MsgDescriptor {
    /** sdk.base.reflection.v2alpha1.MsgDescriptor, as fromObject and encode take it. */
    type Init = {
      msg_type_url?: string | null | undefined
    }
  }
  /** sdk.base.reflection.v2alpha1.GetAuthnDescriptorRequest, decoded. */
  type GetAuthnDescriptorRequest = {
  }
  namespace GetAuthnDescriptorRequest {
    /** sdk.base.reflection.v2alpha1.GetAuthnDescriptorRequest, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.base.reflection.v2alpha1.GetAuthnDescriptorResponse, decoded. */
  type GetAuthnDescriptorResponse = {
    authn: ProtoTypes['sdk.base.reflection.v2alpha1.AuthnDescriptor'] | null
  }
  namespace GetAuthnDescriptorResponse {
    /** sdk.base.reflection.v2alpha1.GetAuthnDescriptorResponse, as fromObject and encode take it. */
    type Init = {
      authn?: ProtoInits['sdk.base.reflection.v2alpha1.AuthnDescriptor'] | null | undefined
    }
  }
  /** sdk.base.reflection.v2alpha1.GetChainDescriptorRequest, decoded. */
  type GetChainDescriptorRequest = {
  }
  namespace GetChainDescriptorRequest {
    /** sdk.base.reflection.v2alpha1.GetChainDescriptorRequest, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.base.reflection.v2alpha1.GetChainDescriptorResponse, decoded. */
  type GetChainDescriptorResponse = {
    chain: ProtoTypes['sdk.base.reflection.v2alpha1.ChainDescriptor'] | null
  }
  namespace GetChainDescriptorResponse {
    /** sdk.base.reflection.v2alpha1.GetChainDescriptorResponse, as fromObject and encode take it. */
    type Init = {
      chain?: ProtoInits['sdk.base.reflection.v2alpha1.ChainDescriptor'] | null | undefined
    }
  }
  /** sdk.base.reflection.v2alpha1.GetCodecDescriptorRequest, decoded. */
  type GetCodecDescriptorRequest = {
  }
  namespace GetCodecDescriptorRequest {
    /** sdk.base.reflection.v2alpha1.GetCodecDescriptorRequest, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.base.reflection.v2alpha1.GetCodecDescriptorResponse, decoded. */
  type GetCodecDescriptorResponse = {
    codec: ProtoTypes['sdk.base.reflection.v2alpha1.CodecDescriptor'] | null
  }
  namespace GetCodecDescriptorResponse {
    /** sdk.base.reflection.v2alpha1.GetCodecDescriptorResponse, as fromObject and encode take it. */
    type Init = {
      codec?: ProtoInits['sdk.base.reflection.v2alpha1.CodecDescriptor'] | null | undefined
    }
  }
  /** sdk.base.reflection.v2alpha1.GetConfigurationDescriptorRequest, decoded. */
  type GetConfigurationDescriptorRequest = {
  }
  namespace GetConfigurationDescriptorRequest {
    /** sdk.base.reflection.v2alpha1.GetConfigurationDescriptorRequest, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.base.reflection.v2alpha1.GetConfigurationDescriptorResponse, decoded. */
  type GetConfigurationDescriptorResponse = {
    config: ProtoTypes['sdk.base.reflection.v2alpha1.ConfigurationDescriptor'] | null
  }
  namespace GetConfigurationDescriptorResponse {
    /** sdk.base.reflection.v2alpha1.GetConfigurationDescriptorResponse, as fromObject and encode take it. */
    type Init = {
      config?: ProtoInits['sdk.base.reflection.v2alpha1.ConfigurationDescriptor'] | null | undefined
    }
  }
  /** sdk.base.reflection.v2alpha1.GetQueryServicesDescriptorRequest, decoded. */
  type GetQueryServicesDescriptorRequest = {
  }
  namespace GetQueryServicesDescriptorRequest {
    /** sdk.base.reflection.v2alpha1.GetQueryServicesDescriptorRequest, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.base.reflection.v2alpha1.GetQueryServicesDescriptorResponse, decoded. */
  type GetQueryServicesDescriptorResponse = {
    queries: ProtoTypes['sdk.base.reflection.v2alpha1.QueryServicesDescriptor'] | null
  }
  namespace GetQueryServicesDescriptorResponse {
    /** sdk.base.reflection.v2alpha1.GetQueryServicesDescriptorResponse, as fromObject and encode take it. */
    type Init = {
      queries?: ProtoInits['sdk.base.reflection.v2alpha1.QueryServicesDescriptor'] | null | undefined
    }
  }
  /** sdk.base.reflection.v2alpha1.GetTxDescriptorRequest, decoded. */
  type GetTxDescriptorRequest = {
  }
  namespace GetTxDescriptorRequest {
    /** sdk.base.reflection.v2alpha1.GetTxDescriptorRequest, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.base.reflection.v2alpha1.GetTxDescriptorResponse, decoded. */
  type GetTxDescriptorResponse = {
    tx: ProtoTypes['sdk.base.reflection.v2alpha1.TxDescriptor'] | null
  }
  namespace GetTxDescriptorResponse {
    /** sdk.base.reflection.v2alpha1.GetTxDescriptorResponse, as fromObject and encode take it. */
    type Init = {
      tx?: ProtoInits['sdk.base.reflection.v2alpha1.TxDescriptor'] | null | undefined
    }
  }
  /** sdk.base.reflection.v2alpha1.QueryServicesDescriptor, decoded. */
  type QueryServicesDescriptor = {
    query_services: ProtoTypes['sdk.base.reflection.v2alpha1.QueryServiceDescriptor'][]
  }
  namespace QueryServicesDescriptor {
    /** sdk.base.reflection.v2alpha1.QueryServicesDescriptor, as fromObject and encode take it. */
    type Init = {
      query_services?: readonly ProtoInits['sdk.base.reflection.v2alpha1.QueryServiceDescriptor'][] | null | undefined
    }
  }
  /** sdk.base.reflection.v2alpha1.QueryServiceDescriptor, decoded. */
  type QueryServiceDescriptor = {
    fullname: string
    is_module: boolean
    methods: ProtoTypes['sdk.base.reflection.v2alpha1.QueryMethodDescriptor'][]
  }
  namespace QueryServiceDescriptor {
    /** sdk.base.reflection.v2alpha1.QueryServiceDescriptor, as fromObject and encode take it. */
    type Init = {
      fullname?: string | null | undefined
      is_module?: boolean | null | undefined
      methods?: readonly ProtoInits['sdk.base.reflection.v2alpha1.QueryMethodDescriptor'][] | null | undefined
    }
  }
  /** sdk.base.reflection.v2alpha1.QueryMethodDescriptor, decoded. */
  type QueryMethodDescriptor = {
    name: string
    full_query_path: string
  }
  namespace QueryMethodDescriptor {
    /** sdk.base.reflection.v2alpha1.QueryMethodDescriptor, as fromObject and encode take it. */
    type Init = {
      name?: string | null | undefined
      full_query_path?: string | null | undefined
    }
  }
}

export declare namespace sdk.base.tendermint.v1beta1 {
  /** sdk.base.tendermint.v1beta1.GetValidatorSetByHeightRequest, decoded. */
  type GetValidatorSetByHeightRequest = {
    height: Long
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageRequest'] | null
  }
  namespace GetValidatorSetByHeightRequest {
    /** sdk.base.tendermint.v1beta1.GetValidatorSetByHeightRequest, as fromObject and encode take it. */
    type Init = {
      height?: Long | number | string | bigint | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageRequest'] | null | undefined
    }
  }
  /** sdk.base.tendermint.v1beta1.GetValidatorSetByHeightResponse, decoded. */
  type GetValidatorSetByHeightResponse = {
    block_height: Long
    validators: ProtoTypes['sdk.base.tendermint.v1beta1.Validator'][]
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageResponse'] | null
  }
  namespace GetValidatorSetByHeightResponse {
    /** sdk.base.tendermint.v1beta1.GetValidatorSetByHeightResponse, as fromObject and encode take it. */
    type Init = {
      block_height?: Long | number | string | bigint | null | undefined
      validators?: readonly ProtoInits['sdk.base.tendermint.v1beta1.Validator'][] | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageResponse'] | null | undefined
    }
  }
  /** sdk.base.tendermint.v1beta1.GetLatestValidatorSetRequest, decoded. */
  type GetLatestValidatorSetRequest = {
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageRequest'] | null
  }
  namespace GetLatestValidatorSetRequest {
    /** sdk.base.tendermint.v1beta1.GetLatestValidatorSetRequest, as fromObject and encode take it. */
    type Init = {
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageRequest'] | null | undefined
    }
  }
  /** sdk.base.tendermint.v1beta1.GetLatestValidatorSetResponse, decoded. */
  type GetLatestValidatorSetResponse = {
    block_height: Long
    validators: ProtoTypes['sdk.base.tendermint.v1beta1.Validator'][]
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageResponse'] | null
  }
  namespace GetLatestValidatorSetResponse {
    /** sdk.base.tendermint.v1beta1.GetLatestValidatorSetResponse, as fromObject and encode take it. */
    type Init = {
      block_height?: Long | number | string | bigint | null | undefined
      validators?: readonly ProtoInits['sdk.base.tendermint.v1beta1.Validator'][] | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageResponse'] | null | undefined
    }
  }
  /** sdk.base.tendermint.v1beta1.Validator, decoded. */
  type Validator = {
    address: string
    pub_key: ProtoTypes['google.protobuf.Any'] | null
    voting_power: Long
    proposer_priority: Long
  }
  namespace Validator {
    /** sdk.base.tendermint.v1beta1.Validator, as fromObject and encode take it. */
    type Init = {
      address?: string | null | undefined
      pub_key?: ProtoInits['google.protobuf.Any'] | null | undefined
      voting_power?: Long | number | string | bigint | null | undefined
      proposer_priority?: Long | number | string | bigint | null | undefined
    }
  }
  /** sdk.base.tendermint.v1beta1.GetBlockByHeightRequest, decoded. */
  type GetBlockByHeightRequest = {
    height: Long
  }
  namespace GetBlockByHeightRequest {
    /** sdk.base.tendermint.v1beta1.GetBlockByHeightRequest, as fromObject and encode take it. */
    type Init = {
      height?: Long | number | string | bigint | null | undefined
    }
  }
  /** sdk.base.tendermint.v1beta1.GetBlockByHeightResponse, decoded. */
  type GetBlockByHeightResponse = {
    block_id: ProtoTypes['tendermint.types.BlockID'] | null
    block: ProtoTypes['tendermint.types.Block'] | null
    sdk_block: ProtoTypes['sdk.base.tendermint.v1beta1.Block'] | null
  }
  namespace GetBlockByHeightResponse {
    /** sdk.base.tendermint.v1beta1.GetBlockByHeightResponse, as fromObject and encode take it. */
    type Init = {
      block_id?: ProtoInits['tendermint.types.BlockID'] | null | undefined
      block?: ProtoInits['tendermint.types.Block'] | null | undefined
      sdk_block?: ProtoInits['sdk.base.tendermint.v1beta1.Block'] | null | undefined
    }
  }
  /** sdk.base.tendermint.v1beta1.GetLatestBlockRequest, decoded. */
  type GetLatestBlockRequest = {
  }
  namespace GetLatestBlockRequest {
    /** sdk.base.tendermint.v1beta1.GetLatestBlockRequest, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.base.tendermint.v1beta1.GetLatestBlockResponse, decoded. */
  type GetLatestBlockResponse = {
    block_id: ProtoTypes['tendermint.types.BlockID'] | null
    block: ProtoTypes['tendermint.types.Block'] | null
    sdk_block: ProtoTypes['sdk.base.tendermint.v1beta1.Block'] | null
  }
  namespace GetLatestBlockResponse {
    /** sdk.base.tendermint.v1beta1.GetLatestBlockResponse, as fromObject and encode take it. */
    type Init = {
      block_id?: ProtoInits['tendermint.types.BlockID'] | null | undefined
      block?: ProtoInits['tendermint.types.Block'] | null | undefined
      sdk_block?: ProtoInits['sdk.base.tendermint.v1beta1.Block'] | null | undefined
    }
  }
  /** sdk.base.tendermint.v1beta1.GetSyncingRequest, decoded. */
  type GetSyncingRequest = {
  }
  namespace GetSyncingRequest {
    /** sdk.base.tendermint.v1beta1.GetSyncingRequest, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.base.tendermint.v1beta1.GetSyncingResponse, decoded. */
  type GetSyncingResponse = {
    syncing: boolean
  }
  namespace GetSyncingResponse {
    /** sdk.base.tendermint.v1beta1.GetSyncingResponse, as fromObject and encode take it. */
    type Init = {
      syncing?: boolean | null | undefined
    }
  }
  /** sdk.base.tendermint.v1beta1.GetNodeInfoRequest, decoded. */
  type GetNodeInfoRequest = {
  }
  namespace GetNodeInfoRequest {
    /** sdk.base.tendermint.v1beta1.GetNodeInfoRequest, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.base.tendermint.v1beta1.GetNodeInfoResponse, decoded. */
  type GetNodeInfoResponse = {
    default_node_info: ProtoTypes['tendermint.p2p.DefaultNodeInfo'] | null
    application_version: ProtoTypes['sdk.base.tendermint.v1beta1.VersionInfo'] | null
  }
  namespace GetNodeInfoResponse {
    /** sdk.base.tendermint.v1beta1.GetNodeInfoResponse, as fromObject and encode take it. */
    type Init = {
      default_node_info?: ProtoInits['tendermint.p2p.DefaultNodeInfo'] | null | undefined
      application_version?: ProtoInits['sdk.base.tendermint.v1beta1.VersionInfo'] | null | undefined
    }
  }
  /** sdk.base.tendermint.v1beta1.VersionInfo, decoded. */
  type VersionInfo = {
    name: string
    app_name: string
    version: string
    git_commit: string
    build_tags: string
    go_version: string
    build_deps: ProtoTypes['sdk.base.tendermint.v1beta1.Module'][]
    sdk_version: string
  }
  namespace VersionInfo {
    /** sdk.base.tendermint.v1beta1.VersionInfo, as fromObject and encode take it. */
    type Init = {
      name?: string | null | undefined
      app_name?: string | null | undefined
      version?: string | null | undefined
      git_commit?: string | null | undefined
      build_tags?: string | null | undefined
      go_version?: string | null | undefined
      build_deps?: readonly ProtoInits['sdk.base.tendermint.v1beta1.Module'][] | null | undefined
      sdk_version?: string | null | undefined
    }
  }
  /** sdk.base.tendermint.v1beta1.Module, decoded. */
  type Module = {
    path: string
    version: string
    sum: string
  }
  namespace Module {
    /** sdk.base.tendermint.v1beta1.Module, as fromObject and encode take it. */
    type Init = {
      path?: string | null | undefined
      version?: string | null | undefined
      sum?: string | null | undefined
    }
  }
  /** sdk.base.tendermint.v1beta1.ABCIQueryRequest, decoded. */
  type ABCIQueryRequest = {
    data: Uint8Array
    path: string
    height: Long
    prove: boolean
  }
  namespace ABCIQueryRequest {
    /** sdk.base.tendermint.v1beta1.ABCIQueryRequest, as fromObject and encode take it. */
    type Init = {
      data?: Uint8Array | null | undefined
      path?: string | null | undefined
      height?: Long | number | string | bigint | null | undefined
      prove?: boolean | null | undefined
    }
  }
  /** sdk.base.tendermint.v1beta1.ABCIQueryResponse, decoded. */
  type ABCIQueryResponse = {
    code: number
    log: string
    info: string
    index: Long
    key: Uint8Array
    value: Uint8Array
    proof_ops: ProtoTypes['sdk.base.tendermint.v1beta1.ProofOps'] | null
    height: Long
    codespace: string
  }
  namespace ABCIQueryResponse {
    /** sdk.base.tendermint.v1beta1.ABCIQueryResponse, as fromObject and encode take it. */
    type Init = {
      code?: number | null | undefined
      log?: string | null | undefined
      info?: string | null | undefined
      index?: Long | number | string | bigint | null | undefined
      key?: Uint8Array | null | undefined
      value?: Uint8Array | null | undefined
      proof_ops?: ProtoInits['sdk.base.tendermint.v1beta1.ProofOps'] | null | undefined
      height?: Long | number | string | bigint | null | undefined
      codespace?: string | null | undefined
    }
  }
  /** sdk.base.tendermint.v1beta1.ProofOp, decoded. */
  type ProofOp = {
    type: string
    key: Uint8Array
    data: Uint8Array
  }
  namespace ProofOp {
    /** sdk.base.tendermint.v1beta1.ProofOp, as fromObject and encode take it. */
    type Init = {
      type?: string | null | undefined
      key?: Uint8Array | null | undefined
      data?: Uint8Array | null | undefined
    }
  }
  /** sdk.base.tendermint.v1beta1.ProofOps, decoded. */
  type ProofOps = {
    ops: ProtoTypes['sdk.base.tendermint.v1beta1.ProofOp'][]
  }
  namespace ProofOps {
    /** sdk.base.tendermint.v1beta1.ProofOps, as fromObject and encode take it. */
    type Init = {
      ops?: readonly ProtoInits['sdk.base.tendermint.v1beta1.ProofOp'][] | null | undefined
    }
  }
  /** sdk.base.tendermint.v1beta1.Block, decoded. */
  type Block = {
    header: ProtoTypes['sdk.base.tendermint.v1beta1.Header'] | null
    data: ProtoTypes['tendermint.types.Data'] | null
    evidence: ProtoTypes['tendermint.types.EvidenceList'] | null
    last_commit: ProtoTypes['tendermint.types.Commit'] | null
  }
  namespace Block {
    /** sdk.base.tendermint.v1beta1.Block, as fromObject and encode take it. */
    type Init = {
      header?: ProtoInits['sdk.base.tendermint.v1beta1.Header'] | null | undefined
      data?: ProtoInits['tendermint.types.Data'] | null | undefined
      evidence?: ProtoInits['tendermint.types.EvidenceList'] | null | undefined
      last_commit?: ProtoInits['tendermint.types.Commit'] | null | undefined
    }
  }
  /** sdk.base.tendermint.v1beta1.Header, decoded. */
  type Header = {
    version: ProtoTypes['tendermint.version.Consensus'] | null
    chain_id: string
    height: Long
    time: ProtoTypes['google.protobuf.Timestamp'] | null
    last_block_id: ProtoTypes['tendermint.types.BlockID'] | null
    last_commit_hash: Uint8Array
    data_hash: Uint8Array
    validators_hash: Uint8Array
    next_validators_hash: Uint8Array
    consensus_hash: Uint8Array
    app_hash: Uint8Array
    last_results_hash: Uint8Array
    evidence_hash: Uint8Array
    proposer_address: string
  }
  namespace Header {
    /** sdk.base.tendermint.v1beta1.Header, as fromObject and encode take it. */
    type Init = {
      version?: ProtoInits['tendermint.version.Consensus'] | null | undefined
      chain_id?: string | null | undefined
      height?: Long | number | string | bigint | null | undefined
      time?: ProtoInits['google.protobuf.Timestamp'] | null | undefined
      last_block_id?: ProtoInits['tendermint.types.BlockID'] | null | undefined
      last_commit_hash?: Uint8Array | null | undefined
      data_hash?: Uint8Array | null | undefined
      validators_hash?: Uint8Array | null | undefined
      next_validators_hash?: Uint8Array | null | undefined
      consensus_hash?: Uint8Array | null | undefined
      app_hash?: Uint8Array | null | undefined
      last_results_hash?: Uint8Array | null | undefined
      evidence_hash?: Uint8Array | null | undefined
      proposer_address?: string | null | undefined
    }
  }
}

export declare namespace sdk.base.v1beta1 {
  /** sdk.base.v1beta1.Coin, decoded. */
  type Coin = {
    denom: string
    amount: string
  }
  namespace Coin {
    /** sdk.base.v1beta1.Coin, as fromObject and encode take it. */
    type Init = {
      denom?: string | null | undefined
      amount?: string | null | undefined
    }
  }
  /** sdk.base.v1beta1.DecCoin, decoded. */
  type DecCoin = {
    denom: string
    amount: string
  }
  namespace DecCoin {
    /** sdk.base.v1beta1.DecCoin, as fromObject and encode take it. */
    type Init = {
      denom?: string | null | undefined
      amount?: string | null | undefined
    }
  }
}

export declare namespace sdk.consensus.v1 {
  /** sdk.consensus.v1.QueryParamsRequest, decoded. */
  type QueryParamsRequest = {
  }
  namespace QueryParamsRequest {
    /** sdk.consensus.v1.QueryParamsRequest, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.consensus.v1.QueryParamsResponse, decoded. */
  type QueryParamsResponse = {
    params: ProtoTypes['tendermint.types.ConsensusParams'] | null
  }
  namespace QueryParamsResponse {
    /** sdk.consensus.v1.QueryParamsResponse, as fromObject and encode take it. */
    type Init = {
      params?: ProtoInits['tendermint.types.ConsensusParams'] | null | undefined
    }
  }
  /** sdk.consensus.v1.MsgUpdateParams, decoded. */
  type MsgUpdateParams = {
    authority: string
    block: ProtoTypes['tendermint.types.BlockParams'] | null
    evidence: ProtoTypes['tendermint.types.EvidenceParams'] | null
    validator: ProtoTypes['tendermint.types.ValidatorParams'] | null
    abci: ProtoTypes['tendermint.types.ABCIParams'] | null
  }
  namespace MsgUpdateParams {
    /** sdk.consensus.v1.MsgUpdateParams, as fromObject and encode take it. */
    type Init = {
      authority?: string | null | undefined
      block?: ProtoInits['tendermint.types.BlockParams'] | null | undefined
      evidence?: ProtoInits['tendermint.types.EvidenceParams'] | null | undefined
      validator?: ProtoInits['tendermint.types.ValidatorParams'] | null | undefined
      abci?: ProtoInits['tendermint.types.ABCIParams'] | null | undefined
    }
  }
  /** sdk.consensus.v1.MsgUpdateParamsResponse, decoded. */
  type MsgUpdateParamsResponse = {
  }
  namespace MsgUpdateParamsResponse {
    /** sdk.consensus.v1.MsgUpdateParamsResponse, as fromObject and encode take it. */
    type Init = {
    }
  }
}

export declare namespace sdk.crisis.v1beta1 {
  /** sdk.crisis.v1beta1.GenesisState, decoded. */
  type GenesisState = {
    constant_fee: ProtoTypes['sdk.base.v1beta1.Coin'] | null
  }
  namespace GenesisState {
    /** sdk.crisis.v1beta1.GenesisState, as fromObject and encode take it. */
    type Init = {
      constant_fee?: ProtoInits['sdk.base.v1beta1.Coin'] | null | undefined
    }
  }
  /** sdk.crisis.v1beta1.MsgVerifyInvariant, decoded. */
  type MsgVerifyInvariant = {
    sender: string
    invariant_module_name: string
    invariant_route: string
  }
  namespace MsgVerifyInvariant {
    /** sdk.crisis.v1beta1.MsgVerifyInvariant, as fromObject and encode take it. */
    type Init = {
      sender?: string | null | undefined
      invariant_module_name?: string | null | undefined
      invariant_route?: string | null | undefined
    }
  }
  /** sdk.crisis.v1beta1.MsgVerifyInvariantResponse, decoded. */
  type MsgVerifyInvariantResponse = {
  }
  namespace MsgVerifyInvariantResponse {
    /** sdk.crisis.v1beta1.MsgVerifyInvariantResponse, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.crisis.v1beta1.MsgUpdateParams, decoded. */
  type MsgUpdateParams = {
    authority: string
    constant_fee: ProtoTypes['sdk.base.v1beta1.Coin'] | null
  }
  namespace MsgUpdateParams {
    /** sdk.crisis.v1beta1.MsgUpdateParams, as fromObject and encode take it. */
    type Init = {
      authority?: string | null | undefined
      constant_fee?: ProtoInits['sdk.base.v1beta1.Coin'] | null | undefined
    }
  }
  /** sdk.crisis.v1beta1.MsgUpdateParamsResponse, decoded. */
  type MsgUpdateParamsResponse = {
  }
  namespace MsgUpdateParamsResponse {
    /** sdk.crisis.v1beta1.MsgUpdateParamsResponse, as fromObject and encode take it. */
    type Init = {
    }
  }
}

export declare namespace sdk.crypto.ed25519 {
  /** sdk.crypto.ed25519.PubKey, decoded. */
  type PubKey = {
    key: Uint8Array
  }
  namespace PubKey {
    /** sdk.crypto.ed25519.PubKey, as fromObject and encode take it. */
    type Init = {
      key?: Uint8Array | null | undefined
    }
  }
}

export declare namespace sdk.crypto.hd.v1 {
  /** sdk.crypto.hd.v1.BIP44Params, decoded. */
  type BIP44Params = {
    purpose: number
    coin_type: number
    account: number
    change: boolean
    address_index: number
  }
  namespace BIP44Params {
    /** sdk.crypto.hd.v1.BIP44Params, as fromObject and encode take it. */
    type Init = {
      purpose?: number | null | undefined
      coin_type?: number | null | undefined
      account?: number | null | undefined
      change?: boolean | null | undefined
      address_index?: number | null | undefined
    }
  }
}

export declare namespace sdk.crypto.keyring.v1 {
  /** sdk.crypto.keyring.v1.Record, decoded. */
  type Record = {
    name: string
    pub_key: ProtoTypes['google.protobuf.Any'] | null
    local: ProtoTypes['sdk.crypto.keyring.v1.Record.Local'] | null
    ledger: ProtoTypes['sdk.crypto.keyring.v1.Record.Ledger'] | null
    multi: ProtoTypes['sdk.crypto.keyring.v1.Record.Multi'] | null
    offline: ProtoTypes['sdk.crypto.keyring.v1.Record.Offline'] | null
    /** Which field of item is set (a getter). */
    readonly item?: 'local' | 'ledger' | 'multi' | 'offline' | undefined
  }
  namespace Record {
    /** sdk.crypto.keyring.v1.Record, as fromObject and encode take it. */
    type Init = {
      name?: string | null | undefined
      pub_key?: ProtoInits['google.protobuf.Any'] | null | undefined
      local?: ProtoInits['sdk.crypto.keyring.v1.Record.Local'] | null | undefined
      ledger?: ProtoInits['sdk.crypto.keyring.v1.Record.Ledger'] | null | undefined
      multi?: ProtoInits['sdk.crypto.keyring.v1.Record.Multi'] | null | undefined
      offline?: ProtoInits['sdk.crypto.keyring.v1.Record.Offline'] | null | undefined
    }
    /** sdk.crypto.keyring.v1.Record.Local, decoded. */
    type Local = {
      priv_key: ProtoTypes['google.protobuf.Any'] | null
    }
    namespace Local {
      /** sdk.crypto.keyring.v1.Record.Local, as fromObject and encode take it. */
      type Init = {
        priv_key?: ProtoInits['google.protobuf.Any'] | null | undefined
      }
    }
    /** sdk.crypto.keyring.v1.Record.Ledger, decoded. */
    type Ledger = {
      path: ProtoTypes['sdk.crypto.hd.v1.BIP44Params'] | null
    }
    namespace Ledger {
      /** sdk.crypto.keyring.v1.Record.Ledger, as fromObject and encode take it. */
      type Init = {
        path?: ProtoInits['sdk.crypto.hd.v1.BIP44Params'] | null | undefined
      }
    }
    /** sdk.crypto.keyring.v1.Record.Multi, decoded. */
    type Multi = {
    }
    namespace Multi {
      /** sdk.crypto.keyring.v1.Record.Multi, as fromObject and encode take it. */
      type Init = {
      }
    }
    /** sdk.crypto.keyring.v1.Record.Offline, decoded. */
    type Offline = {
    }
    namespace Offline {
      /** sdk.crypto.keyring.v1.Record.Offline, as fromObject and encode take it. */
      type Init = {
      }
    }
  }
}

export declare namespace sdk.crypto.multisig {
  /** sdk.crypto.multisig.LegacyAminoPubKey, decoded. */
  type LegacyAminoPubKey = {
    threshold: number
    public_keys: ProtoTypes['google.protobuf.Any'][]
  }
  namespace LegacyAminoPubKey {
    /** sdk.crypto.multisig.LegacyAminoPubKey, as fromObject and encode take it. */
    type Init = {
      threshold?: number | null | undefined
      public_keys?: readonly ProtoInits['google.protobuf.Any'][] | null | undefined
    }
  }
}

export declare namespace sdk.crypto.multisig.v1beta1 {
  /** sdk.crypto.multisig.v1beta1.CompactBitArray, decoded. */
  type CompactBitArray = {
    extra_bits_stored: number
    elems: Uint8Array
  }
  namespace CompactBitArray {
    /** sdk.crypto.multisig.v1beta1.CompactBitArray, as fromObject and encode take it. */
    type Init = {
      extra_bits_stored?: number | null | undefined
      elems?: Uint8Array | null | undefined
    }
  }
  /** sdk.crypto.multisig.v1beta1.MultiSignature, decoded. */
  type MultiSignature = {
    signatures: Uint8Array[]
  }
  namespace MultiSignature {
    /** sdk.crypto.multisig.v1beta1.MultiSignature, as fromObject and encode take it. */
    type Init = {
      signatures?: readonly Uint8Array[] | null | undefined
    }
  }
}

export declare namespace sdk.crypto.secp256k1 {
  /** sdk.crypto.secp256k1.PubKey, decoded. */
  type PubKey = {
    key: Uint8Array
  }
  namespace PubKey {
    /** sdk.crypto.secp256k1.PubKey, as fromObject and encode take it. */
    type Init = {
      key?: Uint8Array | null | undefined
    }
  }
  /** sdk.crypto.secp256k1.PrivKey, decoded. */
  type PrivKey = {
    key: Uint8Array
  }
  namespace PrivKey {
    /** sdk.crypto.secp256k1.PrivKey, as fromObject and encode take it. */
    type Init = {
      key?: Uint8Array | null | undefined
    }
  }
}

export declare namespace sdk.distribution.v1beta1 {
  /** sdk.distribution.v1beta1.Params, decoded. */
  type Params = {
    community_tax: string
    base_proposer_reward: string
    bonus_proposer_reward: string
    withdraw_addr_enabled: boolean
  }
  namespace Params {
    /** sdk.distribution.v1beta1.Params, as fromObject and encode take it. */
    type Init = {
      community_tax?: string | null | undefined
      base_proposer_reward?: string | null | undefined
      bonus_proposer_reward?: string | null | undefined
      withdraw_addr_enabled?: boolean | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.ValidatorHistoricalRewards, decoded. */
  type ValidatorHistoricalRewards = {
    cumulative_reward_ratio: ProtoTypes['sdk.base.v1beta1.DecCoin'][]
    reference_count: number
  }
  namespace ValidatorHistoricalRewards {
    /** sdk.distribution.v1beta1.ValidatorHistoricalRewards, as fromObject and encode take it. */
    type Init = {
      cumulative_reward_ratio?: readonly ProtoInits['sdk.base.v1beta1.DecCoin'][] | null | undefined
      reference_count?: number | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.ValidatorCurrentRewards, decoded. */
  type ValidatorCurrentRewards = {
    rewards: ProtoTypes['sdk.base.v1beta1.DecCoin'][]
    period: Long
  }
  namespace ValidatorCurrentRewards {
    /** sdk.distribution.v1beta1.ValidatorCurrentRewards, as fromObject and encode take it. */
    type Init = {
      rewards?: readonly ProtoInits['sdk.base.v1beta1.DecCoin'][] | null | undefined
      period?: Long | number | string | bigint | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.ValidatorAccumulatedCommission, decoded. */
  type ValidatorAccumulatedCommission = {
    commission: ProtoTypes['sdk.base.v1beta1.DecCoin'][]
  }
  namespace ValidatorAccumulatedCommission {
    /** sdk.distribution.v1beta1.ValidatorAccumulatedCommission, as fromObject and encode take it. */
    type Init = {
      commission?: readonly ProtoInits['sdk.base.v1beta1.DecCoin'][] | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.ValidatorOutstandingRewards, decoded. */
  type ValidatorOutstandingRewards = {
    rewards: ProtoTypes['sdk.base.v1beta1.DecCoin'][]
  }
  namespace ValidatorOutstandingRewards {
    /** sdk.distribution.v1beta1.ValidatorOutstandingRewards, as fromObject and encode take it. */
    type Init = {
      rewards?: readonly ProtoInits['sdk.base.v1beta1.DecCoin'][] | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.ValidatorSlashEvent, decoded. */
  type ValidatorSlashEvent = {
    validator_period: Long
    fraction: string
  }
  namespace ValidatorSlashEvent {
    /** sdk.distribution.v1beta1.ValidatorSlashEvent, as fromObject and encode take it. */
    type Init = {
      validator_period?: Long | number | string | bigint | null | undefined
      fraction?: string | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.ValidatorSlashEvents, decoded. */
  type ValidatorSlashEvents = {
    validator_slash_events: ProtoTypes['sdk.distribution.v1beta1.ValidatorSlashEvent'][]
  }
  namespace ValidatorSlashEvents {
    /** sdk.distribution.v1beta1.ValidatorSlashEvents, as fromObject and encode take it. */
    type Init = {
      validator_slash_events?: readonly ProtoInits['sdk.distribution.v1beta1.ValidatorSlashEvent'][] | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.FeePool, decoded. */
  type FeePool = {
    community_pool: ProtoTypes['sdk.base.v1beta1.DecCoin'][]
  }
  namespace FeePool {
    /** sdk.distribution.v1beta1.FeePool, as fromObject and encode take it. */
    type Init = {
      community_pool?: readonly ProtoInits['sdk.base.v1beta1.DecCoin'][] | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.DelegatorStartingInfo, decoded. */
  type DelegatorStartingInfo = {
    previous_period: Long
    stake: string
    height: Long
  }
  namespace DelegatorStartingInfo {
    /** sdk.distribution.v1beta1.DelegatorStartingInfo, as fromObject and encode take it. */
    type Init = {
      previous_period?: Long | number | string | bigint | null | undefined
      stake?: string | null | undefined
      height?: Long | number | string | bigint | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.DelegationDelegatorReward, decoded. */
  type DelegationDelegatorReward = {
    validator_address: string
    reward: ProtoTypes['sdk.base.v1beta1.DecCoin'][]
  }
  namespace DelegationDelegatorReward {
    /** sdk.distribution.v1beta1.DelegationDelegatorReward, as fromObject and encode take it. */
    type Init = {
      validator_address?: string | null | undefined
      reward?: readonly ProtoInits['sdk.base.v1beta1.DecCoin'][] | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.DelegatorWithdrawInfo, decoded. */
  type DelegatorWithdrawInfo = {
    delegator_address: string
    withdraw_address: string
  }
  namespace DelegatorWithdrawInfo {
    /** sdk.distribution.v1beta1.DelegatorWithdrawInfo, as fromObject and encode take it. */
    type Init = {
      delegator_address?: string | null | undefined
      withdraw_address?: string | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.ValidatorOutstandingRewardsRecord, decoded. */
  type ValidatorOutstandingRewardsRecord = {
    validator_address: string
    outstanding_rewards: ProtoTypes['sdk.base.v1beta1.DecCoin'][]
  }
  namespace ValidatorOutstandingRewardsRecord {
    /** sdk.distribution.v1beta1.ValidatorOutstandingRewardsRecord, as fromObject and encode take it. */
    type Init = {
      validator_address?: string | null | undefined
      outstanding_rewards?: readonly ProtoInits['sdk.base.v1beta1.DecCoin'][] | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.ValidatorAccumulatedCommissionRecord, decoded. */
  type ValidatorAccumulatedCommissionRecord = {
    validator_address: string
    accumulated: ProtoTypes['sdk.distribution.v1beta1.ValidatorAccumulatedCommission'] | null
  }
  namespace ValidatorAccumulatedCommissionRecord {
    /** sdk.distribution.v1beta1.ValidatorAccumulatedCommissionRecord, as fromObject and encode take it. */
    type Init = {
      validator_address?: string | null | undefined
      accumulated?: ProtoInits['sdk.distribution.v1beta1.ValidatorAccumulatedCommission'] | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.ValidatorHistoricalRewardsRecord, decoded. */
  type ValidatorHistoricalRewardsRecord = {
    validator_address: string
    period: Long
    rewards: ProtoTypes['sdk.distribution.v1beta1.ValidatorHistoricalRewards'] | null
  }
  namespace ValidatorHistoricalRewardsRecord {
    /** sdk.distribution.v1beta1.ValidatorHistoricalRewardsRecord, as fromObject and encode take it. */
    type Init = {
      validator_address?: string | null | undefined
      period?: Long | number | string | bigint | null | undefined
      rewards?: ProtoInits['sdk.distribution.v1beta1.ValidatorHistoricalRewards'] | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.ValidatorCurrentRewardsRecord, decoded. */
  type ValidatorCurrentRewardsRecord = {
    validator_address: string
    rewards: ProtoTypes['sdk.distribution.v1beta1.ValidatorCurrentRewards'] | null
  }
  namespace ValidatorCurrentRewardsRecord {
    /** sdk.distribution.v1beta1.ValidatorCurrentRewardsRecord, as fromObject and encode take it. */
    type Init = {
      validator_address?: string | null | undefined
      rewards?: ProtoInits['sdk.distribution.v1beta1.ValidatorCurrentRewards'] | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.DelegatorStartingInfoRecord, decoded. */
  type DelegatorStartingInfoRecord = {
    delegator_address: string
    validator_address: string
    starting_info: ProtoTypes['sdk.distribution.v1beta1.DelegatorStartingInfo'] | null
  }
  namespace DelegatorStartingInfoRecord {
    /** sdk.distribution.v1beta1.DelegatorStartingInfoRecord, as fromObject and encode take it. */
    type Init = {
      delegator_address?: string | null | undefined
      validator_address?: string | null | undefined
      starting_info?: ProtoInits['sdk.distribution.v1beta1.DelegatorStartingInfo'] | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.ValidatorSlashEventRecord, decoded. */
  type ValidatorSlashEventRecord = {
    validator_address: string
    height: Long
    period: Long
    validator_slash_event: ProtoTypes['sdk.distribution.v1beta1.ValidatorSlashEvent'] | null
  }
  namespace ValidatorSlashEventRecord {
    /** sdk.distribution.v1beta1.ValidatorSlashEventRecord, as fromObject and encode take it. */
    type Init = {
      validator_address?: string | null | undefined
      height?: Long | number | string | bigint | null | undefined
      period?: Long | number | string | bigint | null | undefined
      validator_slash_event?: ProtoInits['sdk.distribution.v1beta1.ValidatorSlashEvent'] | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.GenesisState, decoded. */
  type GenesisState = {
    params: ProtoTypes['sdk.distribution.v1beta1.Params'] | null
    fee_pool: ProtoTypes['sdk.distribution.v1beta1.FeePool'] | null
    delegator_withdraw_infos: ProtoTypes['sdk.distribution.v1beta1.DelegatorWithdrawInfo'][]
    previous_proposer: string
    outstanding_rewards: ProtoTypes['sdk.distribution.v1beta1.ValidatorOutstandingRewardsRecord'][]
    validator_accumulated_commissions: ProtoTypes['sdk.distribution.v1beta1.ValidatorAccumulatedCommissionRecord'][]
    validator_historical_rewards: ProtoTypes['sdk.distribution.v1beta1.ValidatorHistoricalRewardsRecord'][]
    validator_current_rewards: ProtoTypes['sdk.distribution.v1beta1.ValidatorCurrentRewardsRecord'][]
    delegator_starting_infos: ProtoTypes['sdk.distribution.v1beta1.DelegatorStartingInfoRecord'][]
    validator_slash_events: ProtoTypes['sdk.distribution.v1beta1.ValidatorSlashEventRecord'][]
  }
  namespace GenesisState {
    /** sdk.distribution.v1beta1.GenesisState, as fromObject and encode take it. */
    type Init = {
      params?: ProtoInits['sdk.distribution.v1beta1.Params'] | null | undefined
      fee_pool?: ProtoInits['sdk.distribution.v1beta1.FeePool'] | null | undefined
      delegator_withdraw_infos?: readonly ProtoInits['sdk.distribution.v1beta1.DelegatorWithdrawInfo'][] | null | undefined
      previous_proposer?: string | null | undefined
      outstanding_rewards?: readonly ProtoInits['sdk.distribution.v1beta1.ValidatorOutstandingRewardsRecord'][] | null | undefined
      validator_accumulated_commissions?: readonly ProtoInits['sdk.distribution.v1beta1.ValidatorAccumulatedCommissionRecord'][] | null | undefined
      validator_historical_rewards?: readonly ProtoInits['sdk.distribution.v1beta1.ValidatorHistoricalRewardsRecord'][] | null | undefined
      validator_current_rewards?: readonly ProtoInits['sdk.distribution.v1beta1.ValidatorCurrentRewardsRecord'][] | null | undefined
      delegator_starting_infos?: readonly ProtoInits['sdk.distribution.v1beta1.DelegatorStartingInfoRecord'][] | null | undefined
      validator_slash_events?: readonly ProtoInits['sdk.distribution.v1beta1.ValidatorSlashEventRecord'][] | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.QueryParamsRequest, decoded. */
  type QueryParamsRequest = {
  }
  namespace QueryParamsRequest {
    /** sdk.distribution.v1beta1.QueryParamsRequest, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.distribution.v1beta1.QueryParamsResponse, decoded. */
  type QueryParamsResponse = {
    params: ProtoTypes['sdk.distribution.v1beta1.Params'] | null
  }
  namespace QueryParamsResponse {
    /** sdk.distribution.v1beta1.QueryParamsResponse, as fromObject and encode take it. */
    type Init = {
      params?: ProtoInits['sdk.distribution.v1beta1.Params'] | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.QueryValidatorDistributionInfoRequest, decoded. */
  type QueryValidatorDistributionInfoRequest = {
    validator_address: string
  }
  namespace QueryValidatorDistributionInfoRequest {
    /** sdk.distribution.v1beta1.QueryValidatorDistributionInfoRequest, as fromObject and encode take it. */
    type Init = {
      validator_address?: string | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.QueryValidatorDistributionInfoResponse, decoded. */
  type QueryValidatorDistributionInfoResponse = {
    operator_address: string
    self_bond_rewards: ProtoTypes['sdk.base.v1beta1.DecCoin'][]
    commission: ProtoTypes['sdk.base.v1beta1.DecCoin'][]
  }
  namespace QueryValidatorDistributionInfoResponse {
    /** sdk.distribution.v1beta1.QueryValidatorDistributionInfoResponse, as fromObject and encode take it. */
    type Init = {
      operator_address?: string | null | undefined
      self_bond_rewards?: readonly ProtoInits['sdk.base.v1beta1.DecCoin'][] | null | undefined
      commission?: readonly ProtoInits['sdk.base.v1beta1.DecCoin'][] | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.QueryValidatorOutstandingRewardsRequest, decoded. */
  type QueryValidatorOutstandingRewardsRequest = {
    validator_address: string
  }
  namespace QueryValidatorOutstandingRewardsRequest {
    /** sdk.distribution.v1beta1.QueryValidatorOutstandingRewardsRequest, as fromObject and encode take it. */
    type Init = {
      validator_address?: string | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.QueryValidatorOutstandingRewardsResponse, decoded. */
  type QueryValidatorOutstandingRewardsResponse = {
    rewards: ProtoTypes['sdk.distribution.v1beta1.ValidatorOutstandingRewards'] | null
  }
  namespace QueryValidatorOutstandingRewardsResponse {
    /** sdk.distribution.v1beta1.QueryValidatorOutstandingRewardsResponse, as fromObject and encode take it. */
    type Init = {
      rewards?: ProtoInits['sdk.distribution.v1beta1.ValidatorOutstandingRewards'] | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.QueryValidatorCommissionRequest, decoded. */
  type QueryValidatorCommissionRequest = {
    validator_address: string
  }
  namespace QueryValidatorCommissionRequest {
    /** sdk.distribution.v1beta1.QueryValidatorCommissionRequest, as fromObject and encode take it. */
    type Init = {
      validator_address?: string | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.QueryValidatorCommissionResponse, decoded. */
  type QueryValidatorCommissionResponse = {
    commission: ProtoTypes['sdk.distribution.v1beta1.ValidatorAccumulatedCommission'] | null
  }
  namespace QueryValidatorCommissionResponse {
    /** sdk.distribution.v1beta1.QueryValidatorCommissionResponse, as fromObject and encode take it. */
    type Init = {
      commission?: ProtoInits['sdk.distribution.v1beta1.ValidatorAccumulatedCommission'] | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.QueryValidatorSlashesRequest, decoded. */
  type QueryValidatorSlashesRequest = {
    validator_address: string
    starting_height: Long
    ending_height: Long
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageRequest'] | null
  }
  namespace QueryValidatorSlashesRequest {
    /** sdk.distribution.v1beta1.QueryValidatorSlashesRequest, as fromObject and encode take it. */
    type Init = {
      validator_address?: string | null | undefined
      starting_height?: Long | number | string | bigint | null | undefined
      ending_height?: Long | number | string | bigint | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageRequest'] | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.QueryValidatorSlashesResponse, decoded. */
  type QueryValidatorSlashesResponse = {
    slashes: ProtoTypes['sdk.distribution.v1beta1.ValidatorSlashEvent'][]
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageResponse'] | null
  }
  namespace QueryValidatorSlashesResponse {
    /** sdk.distribution.v1beta1.QueryValidatorSlashesResponse, as fromObject and encode take it. */
    type Init = {
      slashes?: readonly ProtoInits['sdk.distribution.v1beta1.ValidatorSlashEvent'][] | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageResponse'] | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.QueryDelegationRewardsRequest, decoded. */
  type QueryDelegationRewardsRequest = {
    delegator_address: string
    validator_address: string
  }
  namespace QueryDelegationRewardsRequest {
    /** sdk.distribution.v1beta1.QueryDelegationRewardsRequest, as fromObject and encode take it. */
    type Init = {
      delegator_address?: string | null | undefined
      validator_address?: string | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.QueryDelegationRewardsResponse, decoded. */
  type QueryDelegationRewardsResponse = {
    rewards: ProtoTypes['sdk.base.v1beta1.DecCoin'][]
  }
  namespace QueryDelegationRewardsResponse {
    /** sdk.distribution.v1beta1.QueryDelegationRewardsResponse, as fromObject and encode take it. */
    type Init = {
      rewards?: readonly ProtoInits['sdk.base.v1beta1.DecCoin'][] | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.QueryDelegationTotalRewardsRequest, decoded. */
  type QueryDelegationTotalRewardsRequest = {
    delegator_address: string
  }
  namespace QueryDelegationTotalRewardsRequest {
    /** sdk.distribution.v1beta1.QueryDelegationTotalRewardsRequest, as fromObject and encode take it. */
    type Init = {
      delegator_address?: string | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.QueryDelegationTotalRewardsResponse, decoded. */
  type QueryDelegationTotalRewardsResponse = {
    rewards: ProtoTypes['sdk.distribution.v1beta1.DelegationDelegatorReward'][]
    total: ProtoTypes['sdk.base.v1beta1.DecCoin'][]
  }
  namespace QueryDelegationTotalRewardsResponse {
    /** sdk.distribution.v1beta1.QueryDelegationTotalRewardsResponse, as fromObject and encode take it. */
    type Init = {
      rewards?: readonly ProtoInits['sdk.distribution.v1beta1.DelegationDelegatorReward'][] | null | undefined
      total?: readonly ProtoInits['sdk.base.v1beta1.DecCoin'][] | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.QueryDelegatorValidatorsRequest, decoded. */
  type QueryDelegatorValidatorsRequest = {
    delegator_address: string
  }
  namespace QueryDelegatorValidatorsRequest {
    /** sdk.distribution.v1beta1.QueryDelegatorValidatorsRequest, as fromObject and encode take it. */
    type Init = {
      delegator_address?: string | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.QueryDelegatorValidatorsResponse, decoded. */
  type QueryDelegatorValidatorsResponse = {
    validators: string[]
  }
  namespace QueryDelegatorValidatorsResponse {
    /** sdk.distribution.v1beta1.QueryDelegatorValidatorsResponse, as fromObject and encode take it. */
    type Init = {
      validators?: readonly string[] | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.QueryDelegatorWithdrawAddressRequest, decoded. */
  type QueryDelegatorWithdrawAddressRequest = {
    delegator_address: string
  }
  namespace QueryDelegatorWithdrawAddressRequest {
    /** sdk.distribution.v1beta1.QueryDelegatorWithdrawAddressRequest, as fromObject and encode take it. */
    type Init = {
      delegator_address?: string | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.QueryDelegatorWithdrawAddressResponse, decoded. */
  type QueryDelegatorWithdrawAddressResponse = {
    withdraw_address: string
  }
  namespace QueryDelegatorWithdrawAddressResponse {
    /** sdk.distribution.v1beta1.QueryDelegatorWithdrawAddressResponse, as fromObject and encode take it. */
    type Init = {
      withdraw_address?: string | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.QueryCommunityPoolRequest, decoded. */
  type QueryCommunityPoolRequest = {
  }
  namespace QueryCommunityPoolRequest {
    /** sdk.distribution.v1beta1.QueryCommunityPoolRequest, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.distribution.v1beta1.QueryCommunityPoolResponse, decoded. */
  type QueryCommunityPoolResponse = {
    pool: ProtoTypes['sdk.base.v1beta1.DecCoin'][]
  }
  namespace QueryCommunityPoolResponse {
    /** sdk.distribution.v1beta1.QueryCommunityPoolResponse, as fromObject and encode take it. */
    type Init = {
      pool?: readonly ProtoInits['sdk.base.v1beta1.DecCoin'][] | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.MsgSetWithdrawAddress, decoded. */
  type MsgSetWithdrawAddress = {
    delegator_address: string
    withdraw_address: string
  }
  namespace MsgSetWithdrawAddress {
    /** sdk.distribution.v1beta1.MsgSetWithdrawAddress, as fromObject and encode take it. */
    type Init = {
      delegator_address?: string | null | undefined
      withdraw_address?: string | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.MsgSetWithdrawAddressResponse, decoded. */
  type MsgSetWithdrawAddressResponse = {
  }
  namespace MsgSetWithdrawAddressResponse {
    /** sdk.distribution.v1beta1.MsgSetWithdrawAddressResponse, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.distribution.v1beta1.MsgWithdrawDelegatorReward, decoded. */
  type MsgWithdrawDelegatorReward = {
    delegator_address: string
    validator_address: string
  }
  namespace MsgWithdrawDelegatorReward {
    /** sdk.distribution.v1beta1.MsgWithdrawDelegatorReward, as fromObject and encode take it. */
    type Init = {
      delegator_address?: string | null | undefined
      validator_address?: string | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.MsgWithdrawDelegatorRewardResponse, decoded. */
  type MsgWithdrawDelegatorRewardResponse = {
    amount: ProtoTypes['sdk.base.v1beta1.Coin'][]
  }
  namespace MsgWithdrawDelegatorRewardResponse {
    /** sdk.distribution.v1beta1.MsgWithdrawDelegatorRewardResponse, as fromObject and encode take it. */
    type Init = {
      amount?: readonly ProtoInits['sdk.base.v1beta1.Coin'][] | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.MsgWithdrawValidatorCommission, decoded. */
  type MsgWithdrawValidatorCommission = {
    validator_address: string
  }
  namespace MsgWithdrawValidatorCommission {
    /** sdk.distribution.v1beta1.MsgWithdrawValidatorCommission, as fromObject and encode take it. */
    type Init = {
      validator_address?: string | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.MsgWithdrawValidatorCommissionResponse, decoded. */
  type MsgWithdrawValidatorCommissionResponse = {
    amount: ProtoTypes['sdk.base.v1beta1.Coin'][]
  }
  namespace MsgWithdrawValidatorCommissionResponse {
    /** sdk.distribution.v1beta1.MsgWithdrawValidatorCommissionResponse, as fromObject and encode take it. */
    type Init = {
      amount?: readonly ProtoInits['sdk.base.v1beta1.Coin'][] | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.MsgFundCommunityPool, decoded. */
  type MsgFundCommunityPool = {
    amount: ProtoTypes['sdk.base.v1beta1.Coin'][]
    depositor: string
  }
  namespace MsgFundCommunityPool {
    /** sdk.distribution.v1beta1.MsgFundCommunityPool, as fromObject and encode take it. */
    type Init = {
      amount?: readonly ProtoInits['sdk.base.v1beta1.Coin'][] | null | undefined
      depositor?: string | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.MsgFundCommunityPoolResponse, decoded. */
  type MsgFundCommunityPoolResponse = {
  }
  namespace MsgFundCommunityPoolResponse {
    /** sdk.distribution.v1beta1.MsgFundCommunityPoolResponse, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.distribution.v1beta1.MsgUpdateParams, decoded. */
  type MsgUpdateParams = {
    authority: string
    params: ProtoTypes['sdk.distribution.v1beta1.Params'] | null
  }
  namespace MsgUpdateParams {
    /** sdk.distribution.v1beta1.MsgUpdateParams, as fromObject and encode take it. */
    type Init = {
      authority?: string | null | undefined
      params?: ProtoInits['sdk.distribution.v1beta1.Params'] | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.MsgUpdateParamsResponse, decoded. */
  type MsgUpdateParamsResponse = {
  }
  namespace MsgUpdateParamsResponse {
    /** sdk.distribution.v1beta1.MsgUpdateParamsResponse, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.distribution.v1beta1.MsgCommunityPoolSpend, decoded. */
  type MsgCommunityPoolSpend = {
    authority: string
    recipient: string
    amount: ProtoTypes['sdk.base.v1beta1.Coin'][]
  }
  namespace MsgCommunityPoolSpend {
    /** sdk.distribution.v1beta1.MsgCommunityPoolSpend, as fromObject and encode take it. */
    type Init = {
      authority?: string | null | undefined
      recipient?: string | null | undefined
      amount?: readonly ProtoInits['sdk.base.v1beta1.Coin'][] | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.MsgCommunityPoolSpendResponse, decoded. */
  type MsgCommunityPoolSpendResponse = {
  }
  namespace MsgCommunityPoolSpendResponse {
    /** sdk.distribution.v1beta1.MsgCommunityPoolSpendResponse, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.distribution.v1beta1.MsgDepositValidatorRewardsPool, decoded. */
  type MsgDepositValidatorRewardsPool = {
    depositor: string
    validator_address: string
    amount: ProtoTypes['sdk.base.v1beta1.Coin'][]
  }
  namespace MsgDepositValidatorRewardsPool {
    /** sdk.distribution.v1beta1.MsgDepositValidatorRewardsPool, as fromObject and encode take it. */
    type Init = {
      depositor?: string | null | undefined
      validator_address?: string | null | undefined
      amount?: readonly ProtoInits['sdk.base.v1beta1.Coin'][] | null | undefined
    }
  }
  /** sdk.distribution.v1beta1.MsgDepositValidatorRewardsPoolResponse, decoded. */
  type MsgDepositValidatorRewardsPoolResponse = {
  }
  namespace MsgDepositValidatorRewardsPoolResponse {
    /** sdk.distribution.v1beta1.MsgDepositValidatorRewardsPoolResponse, as fromObject and encode take it. */
    type Init = {
    }
  }
}

export declare namespace sdk.evidence.v1beta1 {
  /** sdk.evidence.v1beta1.Equivocation, decoded. */
  type Equivocation = {
    height: Long
    time: ProtoTypes['google.protobuf.Timestamp'] | null
    power: Long
    consensus_address: string
  }
  namespace Equivocation {
    /** sdk.evidence.v1beta1.Equivocation, as fromObject and encode take it. */
    type Init = {
      height?: Long | number | string | bigint | null | undefined
      time?: ProtoInits['google.protobuf.Timestamp'] | null | undefined
      power?: Long | number | string | bigint | null | undefined
      consensus_address?: string | null | undefined
    }
  }
  /** sdk.evidence.v1beta1.GenesisState, decoded. */
  type GenesisState = {
    evidence: ProtoTypes['google.protobuf.Any'][]
  }
  namespace GenesisState {
    /** sdk.evidence.v1beta1.GenesisState, as fromObject and encode take it. */
    type Init = {
      evidence?: readonly ProtoInits['google.protobuf.Any'][] | null | undefined
    }
  }
  /** sdk.evidence.v1beta1.QueryEvidenceRequest, decoded. */
  type QueryEvidenceRequest = {
    evidence_hash: Uint8Array
    hash: string
  }
  namespace QueryEvidenceRequest {
    /** sdk.evidence.v1beta1.QueryEvidenceRequest, as fromObject and encode take it. */
    type Init = {
      evidence_hash?: Uint8Array | null | undefined
      hash?: string | null | undefined
    }
  }
  /** sdk.evidence.v1beta1.QueryEvidenceResponse, decoded. */
  type QueryEvidenceResponse = {
    evidence: ProtoTypes['google.protobuf.Any'] | null
  }
  namespace QueryEvidenceResponse {
    /** sdk.evidence.v1beta1.QueryEvidenceResponse, as fromObject and encode take it. */
    type Init = {
      evidence?: ProtoInits['google.protobuf.Any'] | null | undefined
    }
  }
  /** sdk.evidence.v1beta1.QueryAllEvidenceRequest, decoded. */
  type QueryAllEvidenceRequest = {
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageRequest'] | null
  }
  namespace QueryAllEvidenceRequest {
    /** sdk.evidence.v1beta1.QueryAllEvidenceRequest, as fromObject and encode take it. */
    type Init = {
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageRequest'] | null | undefined
    }
  }
  /** sdk.evidence.v1beta1.QueryAllEvidenceResponse, decoded. */
  type QueryAllEvidenceResponse = {
    evidence: ProtoTypes['google.protobuf.Any'][]
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageResponse'] | null
  }
  namespace QueryAllEvidenceResponse {
    /** sdk.evidence.v1beta1.QueryAllEvidenceResponse, as fromObject and encode take it. */
    type Init = {
      evidence?: readonly ProtoInits['google.protobuf.Any'][] | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageResponse'] | null | undefined
    }
  }
}

export declare namespace sdk.gov.v1 {
  /** sdk.gov.v1.GenesisState, decoded. */
  type GenesisState = {
    starting_proposal_id: Long
    deposits: ProtoTypes['sdk.gov.v1.Deposit'][]
    votes: ProtoTypes['sdk.gov.v1.Vote'][]
    proposals: ProtoTypes['sdk.gov.v1.Proposal'][]
    deposit_params: ProtoTypes['sdk.gov.v1.DepositParams'] | null
    voting_params: ProtoTypes['sdk.gov.v1.VotingParams'] | null
    tally_params: ProtoTypes['sdk.gov.v1.TallyParams'] | null
    params: ProtoTypes['sdk.gov.v1.Params'] | null
    constitution: string
  }
  namespace GenesisState {
    /** sdk.gov.v1.GenesisState, as fromObject and encode take it. */
    type Init = {
      starting_proposal_id?: Long | number | string | bigint | null | undefined
      deposits?: readonly ProtoInits['sdk.gov.v1.Deposit'][] | null | undefined
      votes?: readonly ProtoInits['sdk.gov.v1.Vote'][] | null | undefined
      proposals?: readonly ProtoInits['sdk.gov.v1.Proposal'][] | null | undefined
      deposit_params?: ProtoInits['sdk.gov.v1.DepositParams'] | null | undefined
      voting_params?: ProtoInits['sdk.gov.v1.VotingParams'] | null | undefined
      tally_params?: ProtoInits['sdk.gov.v1.TallyParams'] | null | undefined
      params?: ProtoInits['sdk.gov.v1.Params'] | null | undefined
      constitution?: string | null | undefined
    }
  }
  /** sdk.gov.v1.WeightedVoteOption, decoded. */
  type WeightedVoteOption = {
    option: number
    weight: string
  }
  namespace WeightedVoteOption {
    /** sdk.gov.v1.WeightedVoteOption, as fromObject and encode take it. */
    type Init = {
      option?: number | ProtoEnumNames['sdk.gov.v1.VoteOption'] | null | undefined
      weight?: string | null | undefined
    }
  }
  /** sdk.gov.v1.Deposit, decoded. */
  type Deposit = {
    proposal_id: Long
    depositor: string
    amount: ProtoTypes['sdk.base.v1beta1.Coin'][]
  }
  namespace Deposit {
    /** sdk.gov.v1.Deposit, as fromObject and encode take it. */
    type Init = {
      proposal_id?: Long | number | string | bigint | null | undefined
      depositor?: string | null | undefined
      amount?: readonly ProtoInits['sdk.base.v1beta1.Coin'][] | null | undefined
    }
  }
  /** sdk.gov.v1.Proposal, decoded. */
  type Proposal = {
    id: Long
    messages: ProtoTypes['google.protobuf.Any'][]
    status: number
    final_tally_result: ProtoTypes['sdk.gov.v1.TallyResult'] | null
    submit_time: ProtoTypes['google.protobuf.Timestamp'] | null
    deposit_end_time: ProtoTypes['google.protobuf.Timestamp'] | null
    total_deposit: ProtoTypes['sdk.base.v1beta1.Coin'][]
    voting_start_time: ProtoTypes['google.protobuf.Timestamp'] | null
    voting_end_time: ProtoTypes['google.protobuf.Timestamp'] | null
    metadata: string
    title: string
    summary: string
    proposer: string
    expedited: boolean
    failed_reason: string
  }
  namespace Proposal {
    /** sdk.gov.v1.Proposal, as fromObject and encode take it. */
    type Init = {
      id?: Long | number | string | bigint | null | undefined
      messages?: readonly ProtoInits['google.protobuf.Any'][] | null | undefined
      status?: number | ProtoEnumNames['sdk.gov.v1.ProposalStatus'] | null | undefined
      final_tally_result?: ProtoInits['sdk.gov.v1.TallyResult'] | null | undefined
      submit_time?: ProtoInits['google.protobuf.Timestamp'] | null | undefined
      deposit_end_time?: ProtoInits['google.protobuf.Timestamp'] | null | undefined
      total_deposit?: readonly ProtoInits['sdk.base.v1beta1.Coin'][] | null | undefined
      voting_start_time?: ProtoInits['google.protobuf.Timestamp'] | null | undefined
      voting_end_time?: ProtoInits['google.protobuf.Timestamp'] | null | undefined
      metadata?: string | null | undefined
      title?: string | null | undefined
      summary?: string | null | undefined
      proposer?: string | null | undefined
      expedited?: boolean | null | undefined
      failed_reason?: string | null | undefined
    }
  }
  /** sdk.gov.v1.TallyResult, decoded. */
  type TallyResult = {
    yes_count: string
    abstain_count: string
    no_count: string
    no_with_veto_count: string
  }
  namespace TallyResult {
    /** sdk.gov.v1.TallyResult, as fromObject and encode take it. */
    type Init = {
      yes_count?: string | null | undefined
      abstain_count?: string | null | undefined
      no_count?: string | null | undefined
      no_with_veto_count?: string | null | undefined
    }
  }
  /** sdk.gov.v1.Vote, decoded. */
  type Vote = {
    proposal_id: Long
    voter: string
    options: ProtoTypes['sdk.gov.v1.WeightedVoteOption'][]
    metadata: string
  }
  namespace Vote {
    /** sdk.gov.v1.Vote, as fromObject and encode take it. */
    type Init = {
      proposal_id?: Long | number | string | bigint | null | undefined
      voter?: string | null | undefined
      options?: readonly ProtoInits['sdk.gov.v1.WeightedVoteOption'][] | null | undefined
      metadata?: string | null | undefined
    }
  }
  /** sdk.gov.v1.DepositParams, decoded. */
  type DepositParams = {
    min_deposit: ProtoTypes['sdk.base.v1beta1.Coin'][]
    max_deposit_period: ProtoTypes['google.protobuf.Duration'] | null
  }
  namespace DepositParams {
    /** sdk.gov.v1.DepositParams, as fromObject and encode take it. */
    type Init = {
      min_deposit?: readonly ProtoInits['sdk.base.v1beta1.Coin'][] | null | undefined
      max_deposit_period?: ProtoInits['google.protobuf.Duration'] | null | undefined
    }
  }
  /** sdk.gov.v1.VotingParams, decoded. */
  type VotingParams = {
    voting_period: ProtoTypes['google.protobuf.Duration'] | null
  }
  namespace VotingParams {
    /** sdk.gov.v1.VotingParams, as fromObject and encode take it. */
    type Init = {
      voting_period?: ProtoInits['google.protobuf.Duration'] | null | undefined
    }
  }
  /** sdk.gov.v1.TallyParams, decoded. */
  type TallyParams = {
    quorum: string
    threshold: string
    veto_threshold: string
  }
  namespace TallyParams {
    /** sdk.gov.v1.TallyParams, as fromObject and encode take it. */
    type Init = {
      quorum?: string | null | undefined
      threshold?: string | null | undefined
      veto_threshold?: string | null | undefined
    }
  }
  /** sdk.gov.v1.Params, decoded. */
  type Params = {
    min_deposit: ProtoTypes['sdk.base.v1beta1.Coin'][]
    max_deposit_period: ProtoTypes['google.protobuf.Duration'] | null
    voting_period: ProtoTypes['google.protobuf.Duration'] | null
    quorum: string
    threshold: string
    veto_threshold: string
    min_initial_deposit_ratio: string
    proposal_cancel_ratio: string
    proposal_cancel_dest: string
    expedited_voting_period: ProtoTypes['google.protobuf.Duration'] | null
    expedited_threshold: string
    expedited_min_deposit: ProtoTypes['sdk.base.v1beta1.Coin'][]
    burn_vote_quorum: boolean
    burn_proposal_deposit_prevote: boolean
    burn_vote_veto: boolean
    min_deposit_ratio: string
  }
  namespace Params {
    /** sdk.gov.v1.Params, as fromObject and encode take it. */
    type Init = {
      min_deposit?: readonly ProtoInits['sdk.base.v1beta1.Coin'][] | null | undefined
      max_deposit_period?: ProtoInits['google.protobuf.Duration'] | null | undefined
      voting_period?: ProtoInits['google.protobuf.Duration'] | null | undefined
      quorum?: string | null | undefined
      threshold?: string | null | undefined
      veto_threshold?: string | null | undefined
      min_initial_deposit_ratio?: string | null | undefined
      proposal_cancel_ratio?: string | null | undefined
      proposal_cancel_dest?: string | null | undefined
      expedited_voting_period?: ProtoInits['google.protobuf.Duration'] | null | undefined
      expedited_threshold?: string | null | undefined
      expedited_min_deposit?: readonly ProtoInits['sdk.base.v1beta1.Coin'][] | null | undefined
      burn_vote_quorum?: boolean | null | undefined
      burn_proposal_deposit_prevote?: boolean | null | undefined
      burn_vote_veto?: boolean | null | undefined
      min_deposit_ratio?: string | null | undefined
    }
  }
  /** sdk.gov.v1.QueryConstitutionRequest, decoded. */
  type QueryConstitutionRequest = {
  }
  namespace QueryConstitutionRequest {
    /** sdk.gov.v1.QueryConstitutionRequest, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.gov.v1.QueryConstitutionResponse, decoded. */
  type QueryConstitutionResponse = {
    constitution: string
  }
  namespace QueryConstitutionResponse {
    /** sdk.gov.v1.QueryConstitutionResponse, as fromObject and encode take it. */
    type Init = {
      constitution?: string | null | undefined
    }
  }
  /** sdk.gov.v1.QueryProposalRequest, decoded. */
  type QueryProposalRequest = {
    proposal_id: Long
  }
  namespace QueryProposalRequest {
    /** sdk.gov.v1.QueryProposalRequest, as fromObject and encode take it. */
    type Init = {
      proposal_id?: Long | number | string | bigint | null | undefined
    }
  }
  /** sdk.gov.v1.QueryProposalResponse, decoded. */
  type QueryProposalResponse = {
    proposal: ProtoTypes['sdk.gov.v1.Proposal'] | null
  }
  namespace QueryProposalResponse {
    /** sdk.gov.v1.QueryProposalResponse, as fromObject and encode take it. */
    type Init = {
      proposal?: ProtoInits['sdk.gov.v1.Proposal'] | null | undefined
    }
  }
  /** sdk.gov.v1.QueryProposalsRequest, decoded. */
  type QueryProposalsRequest = {
    proposal_status: number
    voter: string
    depositor: string
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageRequest'] | null
  }
  namespace QueryProposalsRequest {
    /** sdk.gov.v1.QueryProposalsRequest, as fromObject and encode take it. */
    type Init = {
      proposal_status?: number | ProtoEnumNames['sdk.gov.v1.ProposalStatus'] | null | undefined
      voter?: string | null | undefined
      depositor?: string | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageRequest'] | null | undefined
    }
  }
  /** sdk.gov.v1.QueryProposalsResponse, decoded. */
  type QueryProposalsResponse = {
    proposals: ProtoTypes['sdk.gov.v1.Proposal'][]
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageResponse'] | null
  }
  namespace QueryProposalsResponse {
    /** sdk.gov.v1.QueryProposalsResponse, as fromObject and encode take it. */
    type Init = {
      proposals?: readonly ProtoInits['sdk.gov.v1.Proposal'][] | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageResponse'] | null | undefined
    }
  }
  /** sdk.gov.v1.QueryVoteRequest, decoded. */
  type QueryVoteRequest = {
    proposal_id: Long
    voter: string
  }
  namespace QueryVoteRequest {
    /** sdk.gov.v1.QueryVoteRequest, as fromObject and encode take it. */
    type Init = {
      proposal_id?: Long | number | string | bigint | null | undefined
      voter?: string | null | undefined
    }
  }
  /** sdk.gov.v1.QueryVoteResponse, decoded. */
  type QueryVoteResponse = {
    vote: ProtoTypes['sdk.gov.v1.Vote'] | null
  }
  namespace QueryVoteResponse {
    /** sdk.gov.v1.QueryVoteResponse, as fromObject and encode take it. */
    type Init = {
      vote?: ProtoInits['sdk.gov.v1.Vote'] | null | undefined
    }
  }
  /** sdk.gov.v1.QueryVotesRequest, decoded. */
  type QueryVotesRequest = {
    proposal_id: Long
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageRequest'] | null
  }
  namespace QueryVotesRequest {
    /** sdk.gov.v1.QueryVotesRequest, as fromObject and encode take it. */
    type Init = {
      proposal_id?: Long | number | string | bigint | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageRequest'] | null | undefined
    }
  }
  /** sdk.gov.v1.QueryVotesResponse, decoded. */
  type QueryVotesResponse = {
    votes: ProtoTypes['sdk.gov.v1.Vote'][]
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageResponse'] | null
  }
  namespace QueryVotesResponse {
    /** sdk.gov.v1.QueryVotesResponse, as fromObject and encode take it. */
    type Init = {
      votes?: readonly ProtoInits['sdk.gov.v1.Vote'][] | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageResponse'] | null | undefined
    }
  }
  /** sdk.gov.v1.QueryParamsRequest, decoded. */
  type QueryParamsRequest = {
    params_type: string
  }
  namespace QueryParamsRequest {
    /** sdk.gov.v1.QueryParamsRequest, as fromObject and encode take it. */
    type Init = {
      params_type?: string | null | undefined
    }
  }
  /** sdk.gov.v1.QueryParamsResponse, decoded. */
  type QueryParamsResponse = {
    voting_params: ProtoTypes['sdk.gov.v1.VotingParams'] | null
    deposit_params: ProtoTypes['sdk.gov.v1.DepositParams'] | null
    tally_params: ProtoTypes['sdk.gov.v1.TallyParams'] | null
    params: ProtoTypes['sdk.gov.v1.Params'] | null
  }
  namespace QueryParamsResponse {
    /** sdk.gov.v1.QueryParamsResponse, as fromObject and encode take it. */
    type Init = {
      voting_params?: ProtoInits['sdk.gov.v1.VotingParams'] | null | undefined
      deposit_params?: ProtoInits['sdk.gov.v1.DepositParams'] | null | undefined
      tally_params?: ProtoInits['sdk.gov.v1.TallyParams'] | null | undefined
      params?: ProtoInits['sdk.gov.v1.Params'] | null | undefined
    }
  }
  /** sdk.gov.v1.QueryDepositRequest, decoded. */
  type QueryDepositRequest = {
    proposal_id: Long
    depositor: string
  }
  namespace QueryDepositRequest {
    /** sdk.gov.v1.QueryDepositRequest, as fromObject and encode take it. */
    type Init = {
      proposal_id?: Long | number | string | bigint | null | undefined
      depositor?: string | null | undefined
    }
  }
  /** sdk.gov.v1.QueryDepositResponse, decoded. */
  type QueryDepositResponse = {
    deposit: ProtoTypes['sdk.gov.v1.Deposit'] | null
  }
  namespace QueryDepositResponse {
    /** sdk.gov.v1.QueryDepositResponse, as fromObject and encode take it. */
    type Init = {
      deposit?: ProtoInits['sdk.gov.v1.Deposit'] | null | undefined
    }
  }
  /** sdk.gov.v1.QueryDepositsRequest, decoded. */
  type QueryDepositsRequest = {
    proposal_id: Long
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageRequest'] | null
  }
  namespace QueryDepositsRequest {
    /** sdk.gov.v1.QueryDepositsRequest, as fromObject and encode take it. */
    type Init = {
      proposal_id?: Long | number | string | bigint | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageRequest'] | null | undefined
    }
  }
  /** sdk.gov.v1.QueryDepositsResponse, decoded. */
  type QueryDepositsResponse = {
    deposits: ProtoTypes['sdk.gov.v1.Deposit'][]
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageResponse'] | null
  }
  namespace QueryDepositsResponse {
    /** sdk.gov.v1.QueryDepositsResponse, as fromObject and encode take it. */
    type Init = {
      deposits?: readonly ProtoInits['sdk.gov.v1.Deposit'][] | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageResponse'] | null | undefined
    }
  }
  /** sdk.gov.v1.QueryTallyResultRequest, decoded. */
  type QueryTallyResultRequest = {
    proposal_id: Long
  }
  namespace QueryTallyResultRequest {
    /** sdk.gov.v1.QueryTallyResultRequest, as fromObject and encode take it. */
    type Init = {
      proposal_id?: Long | number | string | bigint | null | undefined
    }
  }
  /** sdk.gov.v1.QueryTallyResultResponse, decoded. */
  type QueryTallyResultResponse = {
    tally: ProtoTypes['sdk.gov.v1.TallyResult'] | null
  }
  namespace QueryTallyResultResponse {
    /** sdk.gov.v1.QueryTallyResultResponse, as fromObject and encode take it. */
    type Init = {
      tally?: ProtoInits['sdk.gov.v1.TallyResult'] | null | undefined
    }
  }
  /** sdk.gov.v1.MsgSubmitProposal, decoded. */
  type MsgSubmitProposal = {
    messages: ProtoTypes['google.protobuf.Any'][]
    initial_deposit: ProtoTypes['sdk.base.v1beta1.Coin'][]
    proposer: string
    metadata: string
    title: string
    summary: string
    expedited: boolean
  }
  namespace MsgSubmitProposal {
    /** sdk.gov.v1.MsgSubmitProposal, as fromObject and encode take it. */
    type Init = {
      messages?: readonly ProtoInits['google.protobuf.Any'][] | null | undefined
      initial_deposit?: readonly ProtoInits['sdk.base.v1beta1.Coin'][] | null | undefined
      proposer?: string | null | undefined
      metadata?: string | null | undefined
      title?: string | null | undefined
      summary?: string | null | undefined
      expedited?: boolean | null | undefined
    }
  }
  /** sdk.gov.v1.MsgSubmitProposalResponse, decoded. */
  type MsgSubmitProposalResponse = {
    proposal_id: Long
  }
  namespace MsgSubmitProposalResponse {
    /** sdk.gov.v1.MsgSubmitProposalResponse, as fromObject and encode take it. */
    type Init = {
      proposal_id?: Long | number | string | bigint | null | undefined
    }
  }
  /** sdk.gov.v1.MsgExecLegacyContent, decoded. */
  type MsgExecLegacyContent = {
    content: ProtoTypes['google.protobuf.Any'] | null
    authority: string
  }
  namespace MsgExecLegacyContent {
    /** sdk.gov.v1.MsgExecLegacyContent, as fromObject and encode take it. */
    type Init = {
      content?: ProtoInits['google.protobuf.Any'] | null | undefined
      authority?: string | null | undefined
    }
  }
  /** sdk.gov.v1.MsgExecLegacyContentResponse, decoded. */
  type MsgExecLegacyContentResponse = {
  }
  namespace MsgExecLegacyContentResponse {
    /** sdk.gov.v1.MsgExecLegacyContentResponse, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.gov.v1.MsgVote, decoded. */
  type MsgVote = {
    proposal_id: Long
    voter: string
    option: number
    metadata: string
  }
  namespace MsgVote {
    /** sdk.gov.v1.MsgVote, as fromObject and encode take it. */
    type Init = {
      proposal_id?: Long | number | string | bigint | null | undefined
      voter?: string | null | undefined
      option?: number | ProtoEnumNames['sdk.gov.v1.VoteOption'] | null | undefined
      metadata?: string | null | undefined
    }
  }
  /** sdk.gov.v1.MsgVoteResponse, decoded. */
  type MsgVoteResponse = {
  }
  namespace MsgVoteResponse {
    /** sdk.gov.v1.MsgVoteResponse, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.gov.v1.MsgVoteWeighted, decoded. */
  type MsgVoteWeighted = {
    proposal_id: Long
    voter: string
    options: ProtoTypes['sdk.gov.v1.WeightedVoteOption'][]
    metadata: string
  }
  namespace MsgVoteWeighted {
    /** sdk.gov.v1.MsgVoteWeighted, as fromObject and encode take it. */
    type Init = {
      proposal_id?: Long | number | string | bigint | null | undefined
      voter?: string | null | undefined
      options?: readonly ProtoInits['sdk.gov.v1.WeightedVoteOption'][] | null | undefined
      metadata?: string | null | undefined
    }
  }
  /** sdk.gov.v1.MsgVoteWeightedResponse, decoded. */
  type MsgVoteWeightedResponse = {
  }
  namespace MsgVoteWeightedResponse {
    /** sdk.gov.v1.MsgVoteWeightedResponse, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.gov.v1.MsgDeposit, decoded. */
  type MsgDeposit = {
    proposal_id: Long
    depositor: string
    amount: ProtoTypes['sdk.base.v1beta1.Coin'][]
  }
  namespace MsgDeposit {
    /** sdk.gov.v1.MsgDeposit, as fromObject and encode take it. */
    type Init = {
      proposal_id?: Long | number | string | bigint | null | undefined
      depositor?: string | null | undefined
      amount?: readonly ProtoInits['sdk.base.v1beta1.Coin'][] | null | undefined
    }
  }
  /** sdk.gov.v1.MsgDepositResponse, decoded. */
  type MsgDepositResponse = {
  }
  namespace MsgDepositResponse {
    /** sdk.gov.v1.MsgDepositResponse, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.gov.v1.MsgUpdateParams, decoded. */
  type MsgUpdateParams = {
    authority: string
    params: ProtoTypes['sdk.gov.v1.Params'] | null
  }
  namespace MsgUpdateParams {
    /** sdk.gov.v1.MsgUpdateParams, as fromObject and encode take it. */
    type Init = {
      authority?: string | null | undefined
      params?: ProtoInits['sdk.gov.v1.Params'] | null | undefined
    }
  }
  /** sdk.gov.v1.MsgUpdateParamsResponse, decoded. */
  type MsgUpdateParamsResponse = {
  }
  namespace MsgUpdateParamsResponse {
    /** sdk.gov.v1.MsgUpdateParamsResponse, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.gov.v1.MsgCancelProposal, decoded. */
  type MsgCancelProposal = {
    proposal_id: Long
    proposer: string
  }
  namespace MsgCancelProposal {
    /** sdk.gov.v1.MsgCancelProposal, as fromObject and encode take it. */
    type Init = {
      proposal_id?: Long | number | string | bigint | null | undefined
      proposer?: string | null | undefined
    }
  }
  /** sdk.gov.v1.MsgCancelProposalResponse, decoded. */
  type MsgCancelProposalResponse = {
    proposal_id: Long
    canceled_time: ProtoTypes['google.protobuf.Timestamp'] | null
    canceled_height: Long
  }
  namespace MsgCancelProposalResponse {
    /** sdk.gov.v1.MsgCancelProposalResponse, as fromObject and encode take it. */
    type Init = {
      proposal_id?: Long | number | string | bigint | null | undefined
      canceled_time?: ProtoInits['google.protobuf.Timestamp'] | null | undefined
      canceled_height?: Long | number | string | bigint | null | undefined
    }
  }
}

export declare namespace sdk.gov.v1beta1 {
  /** sdk.gov.v1beta1.WeightedVoteOption, decoded. */
  type WeightedVoteOption = {
    option: number
    weight: string
  }
  namespace WeightedVoteOption {
    /** sdk.gov.v1beta1.WeightedVoteOption, as fromObject and encode take it. */
    type Init = {
      option?: number | ProtoEnumNames['sdk.gov.v1beta1.VoteOption'] | null | undefined
      weight?: string | null | undefined
    }
  }
  /** sdk.gov.v1beta1.TextProposal, decoded. */
  type TextProposal = {
    title: string
    description: string
  }
  namespace TextProposal {
    /** sdk.gov.v1beta1.TextProposal, as fromObject and encode take it. */
    type Init = {
      title?: string | null | undefined
      description?: string | null | undefined
    }
  }
  /** sdk.gov.v1beta1.Deposit, decoded. */
  type Deposit = {
    proposal_id: Long
    depositor: string
    amount: ProtoTypes['sdk.base.v1beta1.Coin'][]
  }
  namespace Deposit {
    /** sdk.gov.v1beta1.Deposit, as fromObject and encode take it. */
    type Init = {
      proposal_id?: Long | number | string | bigint | null | undefined
      depositor?: string | null | undefined
      amount?: readonly ProtoInits['sdk.base.v1beta1.Coin'][] | null | undefined
    }
  }
  /** sdk.gov.v1beta1.Proposal, decoded. */
  type Proposal = {
    proposal_id: Long
    content: ProtoTypes['google.protobuf.Any'] | null
    status: number
    final_tally_result: ProtoTypes['sdk.gov.v1beta1.TallyResult'] | null
    submit_time: ProtoTypes['google.protobuf.Timestamp'] | null
    deposit_end_time: ProtoTypes['google.protobuf.Timestamp'] | null
    total_deposit: ProtoTypes['sdk.base.v1beta1.Coin'][]
    voting_start_time: ProtoTypes['google.protobuf.Timestamp'] | null
    voting_end_time: ProtoTypes['google.protobuf.Timestamp'] | null
  }
  namespace Proposal {
    /** sdk.gov.v1beta1.Proposal, as fromObject and encode take it. */
    type Init = {
      proposal_id?: Long | number | string | bigint | null | undefined
      content?: ProtoInits['google.protobuf.Any'] | null | undefined
      status?: number | ProtoEnumNames['sdk.gov.v1beta1.ProposalStatus'] | null | undefined
      final_tally_result?: ProtoInits['sdk.gov.v1beta1.TallyResult'] | null | undefined
      submit_time?: ProtoInits['google.protobuf.Timestamp'] | null | undefined
      deposit_end_time?: ProtoInits['google.protobuf.Timestamp'] | null | undefined
      total_deposit?: readonly ProtoInits['sdk.base.v1beta1.Coin'][] | null | undefined
      voting_start_time?: ProtoInits['google.protobuf.Timestamp'] | null | undefined
      voting_end_time?: ProtoInits['google.protobuf.Timestamp'] | null | undefined
    }
  }
  /** sdk.gov.v1beta1.TallyResult, decoded. */
  type TallyResult = {
    yes: string
    abstain: string
    no: string
    no_with_veto: string
  }
  namespace TallyResult {
    /** sdk.gov.v1beta1.TallyResult, as fromObject and encode take it. */
    type Init = {
      yes?: string | null | undefined
      abstain?: string | null | undefined
      no?: string | null | undefined
      no_with_veto?: string | null | undefined
    }
  }
  /** sdk.gov.v1beta1.Vote, decoded. */
  type Vote = {
    proposal_id: Long
    voter: string
    option: number
    options: ProtoTypes['sdk.gov.v1beta1.WeightedVoteOption'][]
  }
  namespace Vote {
    /** sdk.gov.v1beta1.Vote, as fromObject and encode take it. */
    type Init = {
      proposal_id?: Long | number | string | bigint | null | undefined
      voter?: string | null | undefined
      option?: number | ProtoEnumNames['sdk.gov.v1beta1.VoteOption'] | null | undefined
      options?: readonly ProtoInits['sdk.gov.v1beta1.WeightedVoteOption'][] | null | undefined
    }
  }
  /** sdk.gov.v1beta1.DepositParams, decoded. */
  type DepositParams = {
    min_deposit: ProtoTypes['sdk.base.v1beta1.Coin'][]
    max_deposit_period: ProtoTypes['google.protobuf.Duration'] | null
  }
  namespace DepositParams {
    /** sdk.gov.v1beta1.DepositParams, as fromObject and encode take it. */
    type Init = {
      min_deposit?: readonly ProtoInits['sdk.base.v1beta1.Coin'][] | null | undefined
      max_deposit_period?: ProtoInits['google.protobuf.Duration'] | null | undefined
    }
  }
  /** sdk.gov.v1beta1.VotingParams, decoded. */
  type VotingParams = {
    voting_period: ProtoTypes['google.protobuf.Duration'] | null
  }
  namespace VotingParams {
    /** sdk.gov.v1beta1.VotingParams, as fromObject and encode take it. */
    type Init = {
      voting_period?: ProtoInits['google.protobuf.Duration'] | null | undefined
    }
  }
  /** sdk.gov.v1beta1.TallyParams, decoded. */
  type TallyParams = {
    quorum: Uint8Array
    threshold: Uint8Array
    veto_threshold: Uint8Array
  }
  namespace TallyParams {
    /** sdk.gov.v1beta1.TallyParams, as fromObject and encode take it. */
    type Init = {
      quorum?: Uint8Array | null | undefined
      threshold?: Uint8Array | null | undefined
      veto_threshold?: Uint8Array | null | undefined
    }
  }
  /** sdk.gov.v1beta1.QueryProposalRequest, decoded. */
  type QueryProposalRequest = {
    proposal_id: Long
  }
  namespace QueryProposalRequest {
    /** sdk.gov.v1beta1.QueryProposalRequest, as fromObject and encode take it. */
    type Init = {
      proposal_id?: Long | number | string | bigint | null | undefined
    }
  }
  /** sdk.gov.v1beta1.QueryProposalResponse, decoded. */
  type QueryProposalResponse = {
    proposal: ProtoTypes['sdk.gov.v1beta1.Proposal'] | null
  }
  namespace QueryProposalResponse {
    /** sdk.gov.v1beta1.QueryProposalResponse, as fromObject and encode take it. */
    type Init = {
      proposal?: ProtoInits['sdk.gov.v1beta1.Proposal'] | null | undefined
    }
  }
  /** sdk.gov.v1beta1.QueryProposalsRequest, decoded. */
  type QueryProposalsRequest = {
    proposal_status: number
    voter: string
    depositor: string
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageRequest'] | null
  }
  namespace QueryProposalsRequest {
    /** sdk.gov.v1beta1.QueryProposalsRequest, as fromObject and encode take it. */
    type Init = {
      proposal_status?: number | ProtoEnumNames['sdk.gov.v1beta1.ProposalStatus'] | null | undefined
      voter?: string | null | undefined
      depositor?: string | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageRequest'] | null | undefined
    }
  }
  /** sdk.gov.v1beta1.QueryProposalsResponse, decoded. */
  type QueryProposalsResponse = {
    proposals: ProtoTypes['sdk.gov.v1beta1.Proposal'][]
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageResponse'] | null
  }
  namespace QueryProposalsResponse {
    /** sdk.gov.v1beta1.QueryProposalsResponse, as fromObject and encode take it. */
    type Init = {
      proposals?: readonly ProtoInits['sdk.gov.v1beta1.Proposal'][] | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageResponse'] | null | undefined
    }
  }
  /** sdk.gov.v1beta1.QueryVoteRequest, decoded. */
  type QueryVoteRequest = {
    proposal_id: Long
    voter: string
  }
  namespace QueryVoteRequest {
    /** sdk.gov.v1beta1.QueryVoteRequest, as fromObject and encode take it. */
    type Init = {
      proposal_id?: Long | number | string | bigint | null | undefined
      voter?: string | null | undefined
    }
  }
  /** sdk.gov.v1beta1.QueryVoteResponse, decoded. */
  type QueryVoteResponse = {
    vote: ProtoTypes['sdk.gov.v1beta1.Vote'] | null
  }
  namespace QueryVoteResponse {
    /** sdk.gov.v1beta1.QueryVoteResponse, as fromObject and encode take it. */
    type Init = {
      vote?: ProtoInits['sdk.gov.v1beta1.Vote'] | null | undefined
    }
  }
  /** sdk.gov.v1beta1.QueryVotesRequest, decoded. */
  type QueryVotesRequest = {
    proposal_id: Long
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageRequest'] | null
  }
  namespace QueryVotesRequest {
    /** sdk.gov.v1beta1.QueryVotesRequest, as fromObject and encode take it. */
    type Init = {
      proposal_id?: Long | number | string | bigint | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageRequest'] | null | undefined
    }
  }
  /** sdk.gov.v1beta1.QueryVotesResponse, decoded. */
  type QueryVotesResponse = {
    votes: ProtoTypes['sdk.gov.v1beta1.Vote'][]
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageResponse'] | null
  }
  namespace QueryVotesResponse {
    /** sdk.gov.v1beta1.QueryVotesResponse, as fromObject and encode take it. */
    type Init = {
      votes?: readonly ProtoInits['sdk.gov.v1beta1.Vote'][] | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageResponse'] | null | undefined
    }
  }
  /** sdk.gov.v1beta1.QueryParamsRequest, decoded. */
  type QueryParamsRequest = {
    params_type: string
  }
  namespace QueryParamsRequest {
    /** sdk.gov.v1beta1.QueryParamsRequest, as fromObject and encode take it. */
    type Init = {
      params_type?: string | null | undefined
    }
  }
  /** sdk.gov.v1beta1.QueryParamsResponse, decoded. */
  type QueryParamsResponse = {
    voting_params: ProtoTypes['sdk.gov.v1beta1.VotingParams'] | null
    deposit_params: ProtoTypes['sdk.gov.v1beta1.DepositParams'] | null
    tally_params: ProtoTypes['sdk.gov.v1beta1.TallyParams'] | null
  }
  namespace QueryParamsResponse {
    /** sdk.gov.v1beta1.QueryParamsResponse, as fromObject and encode take it. */
    type Init = {
      voting_params?: ProtoInits['sdk.gov.v1beta1.VotingParams'] | null | undefined
      deposit_params?: ProtoInits['sdk.gov.v1beta1.DepositParams'] | null | undefined
      tally_params?: ProtoInits['sdk.gov.v1beta1.TallyParams'] | null | undefined
    }
  }
  /** sdk.gov.v1beta1.QueryDepositRequest, decoded. */
  type QueryDepositRequest = {
    proposal_id: Long
    depositor: string
  }
  namespace QueryDepositRequest {
    /** sdk.gov.v1beta1.QueryDepositRequest, as fromObject and encode take it. */
    type Init = {
      proposal_id?: Long | number | string | bigint | null | undefined
      depositor?: string | null | undefined
    }
  }
  /** sdk.gov.v1beta1.QueryDepositResponse, decoded. */
  type QueryDepositResponse = {
    deposit: ProtoTypes['sdk.gov.v1beta1.Deposit'] | null
  }
  namespace QueryDepositResponse {
    /** sdk.gov.v1beta1.QueryDepositResponse, as fromObject and encode take it. */
    type Init = {
      deposit?: ProtoInits['sdk.gov.v1beta1.Deposit'] | null | undefined
    }
  }
  /** sdk.gov.v1beta1.QueryDepositsRequest, decoded. */
  type QueryDepositsRequest = {
    proposal_id: Long
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageRequest'] | null
  }
  namespace QueryDepositsRequest {
    /** sdk.gov.v1beta1.QueryDepositsRequest, as fromObject and encode take it. */
    type Init = {
      proposal_id?: Long | number | string | bigint | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageRequest'] | null | undefined
    }
  }
  /** sdk.gov.v1beta1.QueryDepositsResponse, decoded. */
  type QueryDepositsResponse = {
    deposits: ProtoTypes['sdk.gov.v1beta1.Deposit'][]
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageResponse'] | null
  }
  namespace QueryDepositsResponse {
    /** sdk.gov.v1beta1.QueryDepositsResponse, as fromObject and encode take it. */
    type Init = {
      deposits?: readonly ProtoInits['sdk.gov.v1beta1.Deposit'][] | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageResponse'] | null | undefined
    }
  }
  /** sdk.gov.v1beta1.QueryTallyResultRequest, decoded. */
  type QueryTallyResultRequest = {
    proposal_id: Long
  }
  namespace QueryTallyResultRequest {
    /** sdk.gov.v1beta1.QueryTallyResultRequest, as fromObject and encode take it. */
    type Init = {
      proposal_id?: Long | number | string | bigint | null | undefined
    }
  }
  /** sdk.gov.v1beta1.QueryTallyResultResponse, decoded. */
  type QueryTallyResultResponse = {
    tally: ProtoTypes['sdk.gov.v1beta1.TallyResult'] | null
  }
  namespace QueryTallyResultResponse {
    /** sdk.gov.v1beta1.QueryTallyResultResponse, as fromObject and encode take it. */
    type Init = {
      tally?: ProtoInits['sdk.gov.v1beta1.TallyResult'] | null | undefined
    }
  }
  /** sdk.gov.v1beta1.MsgSubmitProposal, decoded. */
  type MsgSubmitProposal = {
    content: ProtoTypes['google.protobuf.Any'] | null
    initial_deposit: ProtoTypes['sdk.base.v1beta1.Coin'][]
    proposer: string
  }
  namespace MsgSubmitProposal {
    /** sdk.gov.v1beta1.MsgSubmitProposal, as fromObject and encode take it. */
    type Init = {
      content?: ProtoInits['google.protobuf.Any'] | null | undefined
      initial_deposit?: readonly ProtoInits['sdk.base.v1beta1.Coin'][] | null | undefined
      proposer?: string | null | undefined
    }
  }
  /** sdk.gov.v1beta1.MsgSubmitProposalResponse, decoded. */
  type MsgSubmitProposalResponse = {
    proposal_id: Long
  }
  namespace MsgSubmitProposalResponse {
    /** sdk.gov.v1beta1.MsgSubmitProposalResponse, as fromObject and encode take it. */
    type Init = {
      proposal_id?: Long | number | string | bigint | null | undefined
    }
  }
  /** sdk.gov.v1beta1.MsgVote, decoded. */
  type MsgVote = {
    proposal_id: Long
    voter: string
    option: number
  }
  namespace MsgVote {
    /** sdk.gov.v1beta1.MsgVote, as fromObject and encode take it. */
    type Init = {
      proposal_id?: Long | number | string | bigint | null | undefined
      voter?: string | null | undefined
      option?: number | ProtoEnumNames['sdk.gov.v1beta1.VoteOption'] | null | undefined
    }
  }
  /** sdk.gov.v1beta1.MsgVoteResponse, decoded. */
  type MsgVoteResponse = {
  }
  namespace MsgVoteResponse {
    /** sdk.gov.v1beta1.MsgVoteResponse, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.gov.v1beta1.MsgVoteWeighted, decoded. */
  type MsgVoteWeighted = {
    proposal_id: Long
    voter: string
    options: ProtoTypes['sdk.gov.v1beta1.WeightedVoteOption'][]
  }
  namespace MsgVoteWeighted {
    /** sdk.gov.v1beta1.MsgVoteWeighted, as fromObject and encode take it. */
    type Init = {
      proposal_id?: Long | number | string | bigint | null | undefined
      voter?: string | null | undefined
      options?: readonly ProtoInits['sdk.gov.v1beta1.WeightedVoteOption'][] | null | undefined
    }
  }
  /** sdk.gov.v1beta1.MsgVoteWeightedResponse, decoded. */
  type MsgVoteWeightedResponse = {
  }
  namespace MsgVoteWeightedResponse {
    /** sdk.gov.v1beta1.MsgVoteWeightedResponse, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.gov.v1beta1.MsgDeposit, decoded. */
  type MsgDeposit = {
    proposal_id: Long
    depositor: string
    amount: ProtoTypes['sdk.base.v1beta1.Coin'][]
  }
  namespace MsgDeposit {
    /** sdk.gov.v1beta1.MsgDeposit, as fromObject and encode take it. */
    type Init = {
      proposal_id?: Long | number | string | bigint | null | undefined
      depositor?: string | null | undefined
      amount?: readonly ProtoInits['sdk.base.v1beta1.Coin'][] | null | undefined
    }
  }
  /** sdk.gov.v1beta1.MsgDepositResponse, decoded. */
  type MsgDepositResponse = {
  }
  namespace MsgDepositResponse {
    /** sdk.gov.v1beta1.MsgDepositResponse, as fromObject and encode take it. */
    type Init = {
    }
  }
}

export declare namespace sdk.mint.v1beta1 {
  /** sdk.mint.v1beta1.GenesisState, decoded. */
  type GenesisState = {
    minter: ProtoTypes['sdk.mint.v1beta1.Minter'] | null
    params: ProtoTypes['sdk.mint.v1beta1.Params'] | null
  }
  namespace GenesisState {
    /** sdk.mint.v1beta1.GenesisState, as fromObject and encode take it. */
    type Init = {
      minter?: ProtoInits['sdk.mint.v1beta1.Minter'] | null | undefined
      params?: ProtoInits['sdk.mint.v1beta1.Params'] | null | undefined
    }
  }
  /** sdk.mint.v1beta1.Minter, decoded. */
  type Minter = {
    inflation: string
    annual_provisions: string
  }
  namespace Minter {
    /** sdk.mint.v1beta1.Minter, as fromObject and encode take it. */
    type Init = {
      inflation?: string | null | undefined
      annual_provisions?: string | null | undefined
    }
  }
  /** sdk.mint.v1beta1.Params, decoded. */
  type Params = {
    mint_denom: string
    inflation_rate_change: string
    inflation_max: string
    inflation_min: string
    goal_bonded: string
    blocks_per_year: Long
  }
  namespace Params {
    /** sdk.mint.v1beta1.Params, as fromObject and encode take it. */
    type Init = {
      mint_denom?: string | null | undefined
      inflation_rate_change?: string | null | undefined
      inflation_max?: string | null | undefined
      inflation_min?: string | null | undefined
      goal_bonded?: string | null | undefined
      blocks_per_year?: Long | number | string | bigint | null | undefined
    }
  }
  /** sdk.mint.v1beta1.QueryParamsRequest, decoded. */
  type QueryParamsRequest = {
  }
  namespace QueryParamsRequest {
    /** sdk.mint.v1beta1.QueryParamsRequest, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.mint.v1beta1.QueryParamsResponse, decoded. */
  type QueryParamsResponse = {
    params: ProtoTypes['sdk.mint.v1beta1.Params'] | null
  }
  namespace QueryParamsResponse {
    /** sdk.mint.v1beta1.QueryParamsResponse, as fromObject and encode take it. */
    type Init = {
      params?: ProtoInits['sdk.mint.v1beta1.Params'] | null | undefined
    }
  }
  /** sdk.mint.v1beta1.QueryInflationRequest, decoded. */
  type QueryInflationRequest = {
  }
  namespace QueryInflationRequest {
    /** sdk.mint.v1beta1.QueryInflationRequest, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.mint.v1beta1.QueryInflationResponse, decoded. */
  type QueryInflationResponse = {
    inflation: Uint8Array
  }
  namespace QueryInflationResponse {
    /** sdk.mint.v1beta1.QueryInflationResponse, as fromObject and encode take it. */
    type Init = {
      inflation?: Uint8Array | null | undefined
    }
  }
  /** sdk.mint.v1beta1.QueryAnnualProvisionsRequest, decoded. */
  type QueryAnnualProvisionsRequest = {
  }
  namespace QueryAnnualProvisionsRequest {
    /** sdk.mint.v1beta1.QueryAnnualProvisionsRequest, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.mint.v1beta1.QueryAnnualProvisionsResponse, decoded. */
  type QueryAnnualProvisionsResponse = {
    annual_provisions: Uint8Array
  }
  namespace QueryAnnualProvisionsResponse {
    /** sdk.mint.v1beta1.QueryAnnualProvisionsResponse, as fromObject and encode take it. */
    type Init = {
      annual_provisions?: Uint8Array | null | undefined
    }
  }
  /** sdk.mint.v1beta1.MsgUpdateParams, decoded. */
  type MsgUpdateParams = {
    authority: string
    params: ProtoTypes['sdk.mint.v1beta1.Params'] | null
  }
  namespace MsgUpdateParams {
    /** sdk.mint.v1beta1.MsgUpdateParams, as fromObject and encode take it. */
    type Init = {
      authority?: string | null | undefined
      params?: ProtoInits['sdk.mint.v1beta1.Params'] | null | undefined
    }
  }
  /** sdk.mint.v1beta1.MsgUpdateParamsResponse, decoded. */
  type MsgUpdateParamsResponse = {
  }
  namespace MsgUpdateParamsResponse {
    /** sdk.mint.v1beta1.MsgUpdateParamsResponse, as fromObject and encode take it. */
    type Init = {
    }
  }
}

export declare namespace sdk.params.v1beta1 {
  /** sdk.params.v1beta1.QueryParamsRequest, decoded. */
  type QueryParamsRequest = {
    subspace: string
    key: string
  }
  namespace QueryParamsRequest {
    /** sdk.params.v1beta1.QueryParamsRequest, as fromObject and encode take it. */
    type Init = {
      subspace?: string | null | undefined
      key?: string | null | undefined
    }
  }
  /** sdk.params.v1beta1.QueryParamsResponse, decoded. */
  type QueryParamsResponse = {
    param: ProtoTypes['sdk.params.v1beta1.ParamChange'] | null
  }
  namespace QueryParamsResponse {
    /** sdk.params.v1beta1.QueryParamsResponse, as fromObject and encode take it. */
    type Init = {
      param?: ProtoInits['sdk.params.v1beta1.ParamChange'] | null | undefined
    }
  }
  /** sdk.params.v1beta1.ParamChange, decoded. */
  type ParamChange = {
    subspace: string
    key: string
    value: string
  }
  namespace ParamChange {
    /** sdk.params.v1beta1.ParamChange, as fromObject and encode take it. */
    type Init = {
      subspace?: string | null | undefined
      key?: string | null | undefined
      value?: string | null | undefined
    }
  }
  /** sdk.params.v1beta1.QuerySubspacesRequest, decoded. */
  type QuerySubspacesRequest = {
  }
  namespace QuerySubspacesRequest {
    /** sdk.params.v1beta1.QuerySubspacesRequest, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.params.v1beta1.QuerySubspacesResponse, decoded. */
  type QuerySubspacesResponse = {
    subspaces: ProtoTypes['sdk.params.v1beta1.Subspace'][]
  }
  namespace QuerySubspacesResponse {
    /** sdk.params.v1beta1.QuerySubspacesResponse, as fromObject and encode take it. */
    type Init = {
      subspaces?: readonly ProtoInits['sdk.params.v1beta1.Subspace'][] | null | undefined
    }
  }
  /** sdk.params.v1beta1.Subspace, decoded. */
  type Subspace = {
    subspace: string
    keys: string[]
  }
  namespace Subspace {
    /** sdk.params.v1beta1.Subspace, as fromObject and encode take it. */
    type Init = {
      subspace?: string | null | undefined
      keys?: readonly string[] | null | undefined
    }
  }
}

export declare namespace sdk.reflection.v1 {
  /** sdk.reflection.v1.FileDescriptorsRequest, decoded. */
  type FileDescriptorsRequest = {
  }
  namespace FileDescriptorsRequest {
    /** sdk.reflection.v1.FileDescriptorsRequest, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.reflection.v1.FileDescriptorsResponse, decoded. */
  type FileDescriptorsResponse = {
    files: ProtoTypes['google.protobuf.FileDescriptorProto'][]
  }
  namespace FileDescriptorsResponse {
    /** sdk.reflection.v1.FileDescriptorsResponse, as fromObject and encode take it. */
    type Init = {
      files?: readonly ProtoInits['google.protobuf.FileDescriptorProto'][] | null | undefined
    }
  }
}

export declare namespace sdk.slashing.v1beta1 {
  /** sdk.slashing.v1beta1.GenesisState, decoded. */
  type GenesisState = {
    params: ProtoTypes['sdk.slashing.v1beta1.Params'] | null
    signing_infos: ProtoTypes['sdk.slashing.v1beta1.SigningInfo'][]
    missed_blocks: ProtoTypes['sdk.slashing.v1beta1.ValidatorMissedBlocks'][]
  }
  namespace GenesisState {
    /** sdk.slashing.v1beta1.GenesisState, as fromObject and encode take it. */
    type Init = {
      params?: ProtoInits['sdk.slashing.v1beta1.Params'] | null | undefined
      signing_infos?: readonly ProtoInits['sdk.slashing.v1beta1.SigningInfo'][] | null | undefined
      missed_blocks?: readonly ProtoInits['sdk.slashing.v1beta1.ValidatorMissedBlocks'][] | null | undefined
    }
  }
  /** sdk.slashing.v1beta1.SigningInfo, decoded. */
  type SigningInfo = {
    address: string
    validator_signing_info: ProtoTypes['sdk.slashing.v1beta1.ValidatorSigningInfo'] | null
  }
  namespace SigningInfo {
    /** sdk.slashing.v1beta1.SigningInfo, as fromObject and encode take it. */
    type Init = {
      address?: string | null | undefined
      validator_signing_info?: ProtoInits['sdk.slashing.v1beta1.ValidatorSigningInfo'] | null | undefined
    }
  }
  /** sdk.slashing.v1beta1.ValidatorMissedBlocks, decoded. */
  type ValidatorMissedBlocks = {
    address: string
    missed_blocks: ProtoTypes['sdk.slashing.v1beta1.MissedBlock'][]
  }
  namespace ValidatorMissedBlocks {
    /** sdk.slashing.v1beta1.ValidatorMissedBlocks, as fromObject and encode take it. */
    type Init = {
      address?: string | null | undefined
      missed_blocks?: readonly ProtoInits['sdk.slashing.v1beta1.MissedBlock'][] | null | undefined
    }
  }
  /** sdk.slashing.v1beta1.MissedBlock, decoded. */
  type MissedBlock = {
    index: Long
    missed: boolean
  }
  namespace MissedBlock {
    /** sdk.slashing.v1beta1.MissedBlock, as fromObject and encode take it. */
    type Init = {
      index?: Long | number | string | bigint | null | undefined
      missed?: boolean | null | undefined
    }
  }
  /** sdk.slashing.v1beta1.QueryParamsRequest, decoded. */
  type QueryParamsRequest = {
  }
  namespace QueryParamsRequest {
    /** sdk.slashing.v1beta1.QueryParamsRequest, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.slashing.v1beta1.QueryParamsResponse, decoded. */
  type QueryParamsResponse = {
    params: ProtoTypes['sdk.slashing.v1beta1.Params'] | null
  }
  namespace QueryParamsResponse {
    /** sdk.slashing.v1beta1.QueryParamsResponse, as fromObject and encode take it. */
    type Init = {
      params?: ProtoInits['sdk.slashing.v1beta1.Params'] | null | undefined
    }
  }
  /** sdk.slashing.v1beta1.QuerySigningInfoRequest, decoded. */
  type QuerySigningInfoRequest = {
    cons_address: string
  }
  namespace QuerySigningInfoRequest {
    /** sdk.slashing.v1beta1.QuerySigningInfoRequest, as fromObject and encode take it. */
    type Init = {
      cons_address?: string | null | undefined
    }
  }
  /** sdk.slashing.v1beta1.QuerySigningInfoResponse, decoded. */
  type QuerySigningInfoResponse = {
    val_signing_info: ProtoTypes['sdk.slashing.v1beta1.ValidatorSigningInfo'] | null
  }
  namespace QuerySigningInfoResponse {
    /** sdk.slashing.v1beta1.QuerySigningInfoResponse, as fromObject and encode take it. */
    type Init = {
      val_signing_info?: ProtoInits['sdk.slashing.v1beta1.ValidatorSigningInfo'] | null | undefined
    }
  }
  /** sdk.slashing.v1beta1.QuerySigningInfosRequest, decoded. */
  type QuerySigningInfosRequest = {
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageRequest'] | null
  }
  namespace QuerySigningInfosRequest {
    /** sdk.slashing.v1beta1.QuerySigningInfosRequest, as fromObject and encode take it. */
    type Init = {
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageRequest'] | null | undefined
    }
  }
  /** sdk.slashing.v1beta1.QuerySigningInfosResponse, decoded. */
  type QuerySigningInfosResponse = {
    info: ProtoTypes['sdk.slashing.v1beta1.ValidatorSigningInfo'][]
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageResponse'] | null
  }
  namespace QuerySigningInfosResponse {
    /** sdk.slashing.v1beta1.QuerySigningInfosResponse, as fromObject and encode take it. */
    type Init = {
      info?: readonly ProtoInits['sdk.slashing.v1beta1.ValidatorSigningInfo'][] | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageResponse'] | null | undefined
    }
  }
  /** sdk.slashing.v1beta1.ValidatorSigningInfo, decoded. */
  type ValidatorSigningInfo = {
    address: string
    start_height: Long
    index_offset: Long
    jailed_until: ProtoTypes['google.protobuf.Timestamp'] | null
    tombstoned: boolean
    missed_blocks_counter: Long
  }
  namespace ValidatorSigningInfo {
    /** sdk.slashing.v1beta1.ValidatorSigningInfo, as fromObject and encode take it. */
    type Init = {
      address?: string | null | undefined
      start_height?: Long | number | string | bigint | null | undefined
      index_offset?: Long | number | string | bigint | null | undefined
      jailed_until?: ProtoInits['google.protobuf.Timestamp'] | null | undefined
      tombstoned?: boolean | null | undefined
      missed_blocks_counter?: Long | number | string | bigint | null | undefined
    }
  }
  /** sdk.slashing.v1beta1.Params, decoded. */
  type Params = {
    signed_blocks_window: Long
    min_signed_per_window: Uint8Array
    downtime_jail_duration: ProtoTypes['google.protobuf.Duration'] | null
    slash_fraction_double_sign: Uint8Array
    slash_fraction_downtime: Uint8Array
  }
  namespace Params {
    /** sdk.slashing.v1beta1.Params, as fromObject and encode take it. */
    type Init = {
      signed_blocks_window?: Long | number | string | bigint | null | undefined
      min_signed_per_window?: Uint8Array | null | undefined
      downtime_jail_duration?: ProtoInits['google.protobuf.Duration'] | null | undefined
      slash_fraction_double_sign?: Uint8Array | null | undefined
      slash_fraction_downtime?: Uint8Array | null | undefined
    }
  }
  /** sdk.slashing.v1beta1.MsgUnjail, decoded. */
  type MsgUnjail = {
    validator_addr: string
  }
  namespace MsgUnjail {
    /** sdk.slashing.v1beta1.MsgUnjail, as fromObject and encode take it. */
    type Init = {
      validator_addr?: string | null | undefined
    }
  }
  /** sdk.slashing.v1beta1.MsgUnjailResponse, decoded. */
  type MsgUnjailResponse = {
  }
  namespace MsgUnjailResponse {
    /** sdk.slashing.v1beta1.MsgUnjailResponse, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.slashing.v1beta1.MsgUpdateParams, decoded. */
  type MsgUpdateParams = {
    authority: string
    params: ProtoTypes['sdk.slashing.v1beta1.Params'] | null
  }
  namespace MsgUpdateParams {
    /** sdk.slashing.v1beta1.MsgUpdateParams, as fromObject and encode take it. */
    type Init = {
      authority?: string | null | undefined
      params?: ProtoInits['sdk.slashing.v1beta1.Params'] | null | undefined
    }
  }
  /** sdk.slashing.v1beta1.MsgUpdateParamsResponse, decoded. */
  type MsgUpdateParamsResponse = {
  }
  namespace MsgUpdateParamsResponse {
    /** sdk.slashing.v1beta1.MsgUpdateParamsResponse, as fromObject and encode take it. */
    type Init = {
    }
  }
}

export declare namespace sdk.staking.v1beta1 {
  /** sdk.staking.v1beta1.GenesisState, decoded. */
  type GenesisState = {
    params: ProtoTypes['sdk.staking.v1beta1.Params'] | null
    last_total_power: string
    last_validator_powers: ProtoTypes['sdk.staking.v1beta1.LastValidatorPower'][]
    validators: ProtoTypes['sdk.staking.v1beta1.Validator'][]
    delegations: ProtoTypes['sdk.staking.v1beta1.Delegation'][]
    unbonding_delegations: ProtoTypes['sdk.staking.v1beta1.UnbondingDelegation'][]
    redelegations: ProtoTypes['sdk.staking.v1beta1.Redelegation'][]
    exported: boolean
  }
  namespace GenesisState {
    /** sdk.staking.v1beta1.GenesisState, as fromObject and encode take it. */
    type Init = {
      params?: ProtoInits['sdk.staking.v1beta1.Params'] | null | undefined
      last_total_power?: string | null | undefined
      last_validator_powers?: readonly ProtoInits['sdk.staking.v1beta1.LastValidatorPower'][] | null | undefined
      validators?: readonly ProtoInits['sdk.staking.v1beta1.Validator'][] | null | undefined
      delegations?: readonly ProtoInits['sdk.staking.v1beta1.Delegation'][] | null | undefined
      unbonding_delegations?: readonly ProtoInits['sdk.staking.v1beta1.UnbondingDelegation'][] | null | undefined
      redelegations?: readonly ProtoInits['sdk.staking.v1beta1.Redelegation'][] | null | undefined
      exported?: boolean | null | undefined
    }
  }
  /** sdk.staking.v1beta1.LastValidatorPower, decoded. */
  type LastValidatorPower = {
    address: string
    power: Long
  }
  namespace LastValidatorPower {
    /** sdk.staking.v1beta1.LastValidatorPower, as fromObject and encode take it. */
    type Init = {
      address?: string | null | undefined
      power?: Long | number | string | bigint | null | undefined
    }
  }
  /** sdk.staking.v1beta1.QueryValidatorsRequest, decoded. */
  type QueryValidatorsRequest = {
    status: string
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageRequest'] | null
  }
  namespace QueryValidatorsRequest {
    /** sdk.staking.v1beta1.QueryValidatorsRequest, as fromObject and encode take it. */
    type Init = {
      status?: string | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageRequest'] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.QueryValidatorsResponse, decoded. */
  type QueryValidatorsResponse = {
    validators: ProtoTypes['sdk.staking.v1beta1.Validator'][]
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageResponse'] | null
  }
  namespace QueryValidatorsResponse {
    /** sdk.staking.v1beta1.QueryValidatorsResponse, as fromObject and encode take it. */
    type Init = {
      validators?: readonly ProtoInits['sdk.staking.v1beta1.Validator'][] | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageResponse'] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.QueryValidatorRequest, decoded. */
  type QueryValidatorRequest = {
    validator_addr: string
  }
  namespace QueryValidatorRequest {
    /** sdk.staking.v1beta1.QueryValidatorRequest, as fromObject and encode take it. */
    type Init = {
      validator_addr?: string | null | undefined
    }
  }
  /** sdk.staking.v1beta1.QueryValidatorResponse, decoded. */
  type QueryValidatorResponse = {
    validator: ProtoTypes['sdk.staking.v1beta1.Validator'] | null
  }
  namespace QueryValidatorResponse {
    /** sdk.staking.v1beta1.QueryValidatorResponse, as fromObject and encode take it. */
    type Init = {
      validator?: ProtoInits['sdk.staking.v1beta1.Validator'] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.QueryValidatorDelegationsRequest, decoded. */
  type QueryValidatorDelegationsRequest = {
    validator_addr: string
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageRequest'] | null
  }
  namespace QueryValidatorDelegationsRequest {
    /** sdk.staking.v1beta1.QueryValidatorDelegationsRequest, as fromObject and encode take it. */
    type Init = {
      validator_addr?: string | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageRequest'] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.QueryValidatorDelegationsResponse, decoded. */
  type QueryValidatorDelegationsResponse = {
    delegation_responses: ProtoTypes['sdk.staking.v1beta1.DelegationResponse'][]
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageResponse'] | null
  }
  namespace QueryValidatorDelegationsResponse {
    /** sdk.staking.v1beta1.QueryValidatorDelegationsResponse, as fromObject and encode take it. */
    type Init = {
      delegation_responses?: readonly ProtoInits['sdk.staking.v1beta1.DelegationResponse'][] | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageResponse'] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.QueryValidatorUnbondingDelegationsRequest, decoded. */
  type QueryValidatorUnbondingDelegationsRequest = {
    validator_addr: string
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageRequest'] | null
  }
  namespace QueryValidatorUnbondingDelegationsRequest {
    /** sdk.staking.v1beta1.QueryValidatorUnbondingDelegationsRequest, as fromObject and encode take it. */
    type Init = {
      validator_addr?: string | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageRequest'] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.QueryValidatorUnbondingDelegationsResponse, decoded. */
  type QueryValidatorUnbondingDelegationsResponse = {
    unbonding_responses: ProtoTypes['sdk.staking.v1beta1.UnbondingDelegation'][]
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageResponse'] | null
  }
  namespace QueryValidatorUnbondingDelegationsResponse {
    /** sdk.staking.v1beta1.QueryValidatorUnbondingDelegationsResponse, as fromObject and encode take it. */
    type Init = {
      unbonding_responses?: readonly ProtoInits['sdk.staking.v1beta1.UnbondingDelegation'][] | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageResponse'] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.QueryDelegationRequest, decoded. */
  type QueryDelegationRequest = {
    delegator_addr: string
    validator_addr: string
  }
  namespace QueryDelegationRequest {
    /** sdk.staking.v1beta1.QueryDelegationRequest, as fromObject and encode take it. */
    type Init = {
      delegator_addr?: string | null | undefined
      validator_addr?: string | null | undefined
    }
  }
  /** sdk.staking.v1beta1.QueryDelegationResponse, decoded. */
  type QueryDelegationResponse = {
    delegation_response: ProtoTypes['sdk.staking.v1beta1.DelegationResponse'] | null
  }
  namespace QueryDelegationResponse {
    /** sdk.staking.v1beta1.QueryDelegationResponse, as fromObject and encode take it. */
    type Init = {
      delegation_response?: ProtoInits['sdk.staking.v1beta1.DelegationResponse'] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.QueryUnbondingDelegationRequest, decoded. */
  type QueryUnbondingDelegationRequest = {
    delegator_addr: string
    validator_addr: string
  }
  namespace QueryUnbondingDelegationRequest {
    /** sdk.staking.v1beta1.QueryUnbondingDelegationRequest, as fromObject and encode take it. */
    type Init = {
      delegator_addr?: string | null | undefined
      validator_addr?: string | null | undefined
    }
  }
  /** sdk.staking.v1beta1.QueryUnbondingDelegationResponse, decoded. */
  type QueryUnbondingDelegationResponse = {
    unbond: ProtoTypes['sdk.staking.v1beta1.UnbondingDelegation'] | null
  }
  namespace QueryUnbondingDelegationResponse {
    /** sdk.staking.v1beta1.QueryUnbondingDelegationResponse, as fromObject and encode take it. */
    type Init = {
      unbond?: ProtoInits['sdk.staking.v1beta1.UnbondingDelegation'] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.QueryDelegatorDelegationsRequest, decoded. */
  type QueryDelegatorDelegationsRequest = {
    delegator_addr: string
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageRequest'] | null
  }
  namespace QueryDelegatorDelegationsRequest {
    /** sdk.staking.v1beta1.QueryDelegatorDelegationsRequest, as fromObject and encode take it. */
    type Init = {
      delegator_addr?: string | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageRequest'] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.DelegationResponse, decoded. */
  type DelegationResponse = {
    delegation: ProtoTypes['sdk.staking.v1beta1.Delegation'] | null
    balance: ProtoTypes['sdk.base.v1beta1.Coin'] | null
  }
  namespace DelegationResponse {
    /** sdk.staking.v1beta1.DelegationResponse, as fromObject and encode take it. */
    type Init = {
      delegation?: ProtoInits['sdk.staking.v1beta1.Delegation'] | null | undefined
      balance?: ProtoInits['sdk.base.v1beta1.Coin'] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.QueryDelegatorDelegationsResponse, decoded. */
  type QueryDelegatorDelegationsResponse = {
    delegation_responses: ProtoTypes['sdk.staking.v1beta1.DelegationResponse'][]
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageResponse'] | null
  }
  namespace QueryDelegatorDelegationsResponse {
    /** sdk.staking.v1beta1.QueryDelegatorDelegationsResponse, as fromObject and encode take it. */
    type Init = {
      delegation_responses?: readonly ProtoInits['sdk.staking.v1beta1.DelegationResponse'][] | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageResponse'] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.QueryDelegatorUnbondingDelegationsRequest, decoded. */
  type QueryDelegatorUnbondingDelegationsRequest = {
    delegator_addr: string
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageRequest'] | null
  }
  namespace QueryDelegatorUnbondingDelegationsRequest {
    /** sdk.staking.v1beta1.QueryDelegatorUnbondingDelegationsRequest, as fromObject and encode take it. */
    type Init = {
      delegator_addr?: string | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageRequest'] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.QueryDelegatorUnbondingDelegationsResponse, decoded. */
  type QueryDelegatorUnbondingDelegationsResponse = {
    unbonding_responses: ProtoTypes['sdk.staking.v1beta1.UnbondingDelegation'][]
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageResponse'] | null
  }
  namespace QueryDelegatorUnbondingDelegationsResponse {
    /** sdk.staking.v1beta1.QueryDelegatorUnbondingDelegationsResponse, as fromObject and encode take it. */
    type Init = {
      unbonding_responses?: readonly ProtoInits['sdk.staking.v1beta1.UnbondingDelegation'][] | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageResponse'] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.QueryRedelegationsRequest, decoded. */
  type QueryRedelegationsRequest = {
    delegator_addr: string
    src_validator_addr: string
    dst_validator_addr: string
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageRequest'] | null
  }
  namespace QueryRedelegationsRequest {
    /** sdk.staking.v1beta1.QueryRedelegationsRequest, as fromObject and encode take it. */
    type Init = {
      delegator_addr?: string | null | undefined
      src_validator_addr?: string | null | undefined
      dst_validator_addr?: string | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageRequest'] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.QueryRedelegationsResponse, decoded. */
  type QueryRedelegationsResponse = {
    redelegation_responses: ProtoTypes['sdk.staking.v1beta1.RedelegationResponse'][]
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageResponse'] | null
  }
  namespace QueryRedelegationsResponse {
    /** sdk.staking.v1beta1.QueryRedelegationsResponse, as fromObject and encode take it. */
    type Init = {
      redelegation_responses?: readonly ProtoInits['sdk.staking.v1beta1.RedelegationResponse'][] | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageResponse'] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.QueryDelegatorValidatorsRequest, decoded. */
  type QueryDelegatorValidatorsRequest = {
    delegator_addr: string
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageRequest'] | null
  }
  namespace QueryDelegatorValidatorsRequest {
    /** sdk.staking.v1beta1.QueryDelegatorValidatorsRequest, as fromObject and encode take it. */
    type Init = {
      delegator_addr?: string | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageRequest'] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.QueryDelegatorValidatorsResponse, decoded. */
  type QueryDelegatorValidatorsResponse = {
    validators: ProtoTypes['sdk.staking.v1beta1.Validator'][]
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageResponse'] | null
  }
  namespace QueryDelegatorValidatorsResponse {
    /** sdk.staking.v1beta1.QueryDelegatorValidatorsResponse, as fromObject and encode take it. */
    type Init = {
      validators?: readonly ProtoInits['sdk.staking.v1beta1.Validator'][] | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageResponse'] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.QueryDelegatorValidatorRequest, decoded. */
  type QueryDelegatorValidatorRequest = {
    delegator_addr: string
    validator_addr: string
  }
  namespace QueryDelegatorValidatorRequest {
    /** sdk.staking.v1beta1.QueryDelegatorValidatorRequest, as fromObject and encode take it. */
    type Init = {
      delegator_addr?: string | null | undefined
      validator_addr?: string | null | undefined
    }
  }
  /** sdk.staking.v1beta1.QueryDelegatorValidatorResponse, decoded. */
  type QueryDelegatorValidatorResponse = {
    validator: ProtoTypes['sdk.staking.v1beta1.Validator'] | null
  }
  namespace QueryDelegatorValidatorResponse {
    /** sdk.staking.v1beta1.QueryDelegatorValidatorResponse, as fromObject and encode take it. */
    type Init = {
      validator?: ProtoInits['sdk.staking.v1beta1.Validator'] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.QueryHistoricalInfoRequest, decoded. */
  type QueryHistoricalInfoRequest = {
    height: Long
  }
  namespace QueryHistoricalInfoRequest {
    /** sdk.staking.v1beta1.QueryHistoricalInfoRequest, as fromObject and encode take it. */
    type Init = {
      height?: Long | number | string | bigint | null | undefined
    }
  }
  /** sdk.staking.v1beta1.QueryHistoricalInfoResponse, decoded. */
  type QueryHistoricalInfoResponse = {
    hist: ProtoTypes['sdk.staking.v1beta1.HistoricalInfo'] | null
  }
  namespace QueryHistoricalInfoResponse {
    /** sdk.staking.v1beta1.QueryHistoricalInfoResponse, as fromObject and encode take it. */
    type Init = {
      hist?: ProtoInits['sdk.staking.v1beta1.HistoricalInfo'] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.QueryPoolRequest, decoded. */
  type QueryPoolRequest = {
  }
  namespace QueryPoolRequest {
    /** sdk.staking.v1beta1.QueryPoolRequest, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.staking.v1beta1.QueryPoolResponse, decoded. */
  type QueryPoolResponse = {
    pool: ProtoTypes['sdk.staking.v1beta1.Pool'] | null
  }
  namespace QueryPoolResponse {
    /** sdk.staking.v1beta1.QueryPoolResponse, as fromObject and encode take it. */
    type Init = {
      pool?: ProtoInits['sdk.staking.v1beta1.Pool'] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.QueryParamsRequest, decoded. */
  type QueryParamsRequest = {
  }
  namespace QueryParamsRequest {
    /** sdk.staking.v1beta1.QueryParamsRequest, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.staking.v1beta1.QueryParamsResponse, decoded. */
  type QueryParamsResponse = {
    params: ProtoTypes['sdk.staking.v1beta1.Params'] | null
  }
  namespace QueryParamsResponse {
    /** sdk.staking.v1beta1.QueryParamsResponse, as fromObject and encode take it. */
    type Init = {
      params?: ProtoInits['sdk.staking.v1beta1.Params'] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.CommissionRates, decoded. */
  type CommissionRates = {
    rate: string
    max_rate: string
    max_change_rate: string
  }
  namespace CommissionRates {
    /** sdk.staking.v1beta1.CommissionRates, as fromObject and encode take it. */
    type Init = {
      rate?: string | null | undefined
      max_rate?: string | null | undefined
      max_change_rate?: string | null | undefined
    }
  }
  /** sdk.staking.v1beta1.Commission, decoded. */
  type Commission = {
    commission_rates: ProtoTypes['sdk.staking.v1beta1.CommissionRates'] | null
    update_time: ProtoTypes['google.protobuf.Timestamp'] | null
  }
  namespace Commission {
    /** sdk.staking.v1beta1.Commission, as fromObject and encode take it. */
    type Init = {
      commission_rates?: ProtoInits['sdk.staking.v1beta1.CommissionRates'] | null | undefined
      update_time?: ProtoInits['google.protobuf.Timestamp'] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.Description, decoded. */
  type Description = {
    moniker: string
    identity: string
    website: string
    security_contact: string
    details: string
  }
  namespace Description {
    /** sdk.staking.v1beta1.Description, as fromObject and encode take it. */
    type Init = {
      moniker?: string | null | undefined
      identity?: string | null | undefined
      website?: string | null | undefined
      security_contact?: string | null | undefined
      details?: string | null | undefined
    }
  }
  /** sdk.staking.v1beta1.Validator, decoded. */
  type Validator = {
    operator_address: string
    consensus_pubkey: ProtoTypes['google.protobuf.Any'] | null
    jailed: boolean
    status: number
    tokens: string
    delegator_shares: string
    description: ProtoTypes['sdk.staking.v1beta1.Description'] | null
    unbonding_height: Long
    unbonding_time: ProtoTypes['google.protobuf.Timestamp'] | null
    commission: ProtoTypes['sdk.staking.v1beta1.Commission'] | null
    min_self_delegation: string
    unbonding_on_hold_ref_count: Long
    unbonding_ids: Long[]
  }
  namespace Validator {
    /** sdk.staking.v1beta1.Validator, as fromObject and encode take it. */
    type Init = {
      operator_address?: string | null | undefined
      consensus_pubkey?: ProtoInits['google.protobuf.Any'] | null | undefined
      jailed?: boolean | null | undefined
      status?: number | ProtoEnumNames['sdk.staking.v1beta1.BondStatus'] | null | undefined
      tokens?: string | null | undefined
      delegator_shares?: string | null | undefined
      description?: ProtoInits['sdk.staking.v1beta1.Description'] | null | undefined
      unbonding_height?: Long | number | string | bigint | null | undefined
      unbonding_time?: ProtoInits['google.protobuf.Timestamp'] | null | undefined
      commission?: ProtoInits['sdk.staking.v1beta1.Commission'] | null | undefined
      min_self_delegation?: string | null | undefined
      unbonding_on_hold_ref_count?: Long | number | string | bigint | null | undefined
      unbonding_ids?: readonly (Long | number | string | bigint)[] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.Delegation, decoded. */
  type Delegation = {
    delegator_address: string
    validator_address: string
    shares: string
  }
  namespace Delegation {
    /** sdk.staking.v1beta1.Delegation, as fromObject and encode take it. */
    type Init = {
      delegator_address?: string | null | undefined
      validator_address?: string | null | undefined
      shares?: string | null | undefined
    }
  }
  /** sdk.staking.v1beta1.UnbondingDelegationEntry, decoded. */
  type UnbondingDelegationEntry = {
    creation_height: Long
    completion_time: ProtoTypes['google.protobuf.Timestamp'] | null
    initial_balance: string
    balance: string
    unbonding_id: Long
    unbonding_on_hold_ref_count: Long
  }
  namespace UnbondingDelegationEntry {
    /** sdk.staking.v1beta1.UnbondingDelegationEntry, as fromObject and encode take it. */
    type Init = {
      creation_height?: Long | number | string | bigint | null | undefined
      completion_time?: ProtoInits['google.protobuf.Timestamp'] | null | undefined
      initial_balance?: string | null | undefined
      balance?: string | null | undefined
      unbonding_id?: Long | number | string | bigint | null | undefined
      unbonding_on_hold_ref_count?: Long | number | string | bigint | null | undefined
    }
  }
  /** sdk.staking.v1beta1.UnbondingDelegation, decoded. */
  type UnbondingDelegation = {
    delegator_address: string
    validator_address: string
    entries: ProtoTypes['sdk.staking.v1beta1.UnbondingDelegationEntry'][]
  }
  namespace UnbondingDelegation {
    /** sdk.staking.v1beta1.UnbondingDelegation, as fromObject and encode take it. */
    type Init = {
      delegator_address?: string | null | undefined
      validator_address?: string | null | undefined
      entries?: readonly ProtoInits['sdk.staking.v1beta1.UnbondingDelegationEntry'][] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.RedelegationEntry, decoded. */
  type RedelegationEntry = {
    creation_height: Long
    completion_time: ProtoTypes['google.protobuf.Timestamp'] | null
    initial_balance: string
    shares_dst: string
    unbonding_id: Long
    unbonding_on_hold_ref_count: Long
  }
  namespace RedelegationEntry {
    /** sdk.staking.v1beta1.RedelegationEntry, as fromObject and encode take it. */
    type Init = {
      creation_height?: Long | number | string | bigint | null | undefined
      completion_time?: ProtoInits['google.protobuf.Timestamp'] | null | undefined
      initial_balance?: string | null | undefined
      shares_dst?: string | null | undefined
      unbonding_id?: Long | number | string | bigint | null | undefined
      unbonding_on_hold_ref_count?: Long | number | string | bigint | null | undefined
    }
  }
  /** sdk.staking.v1beta1.Redelegation, decoded. */
  type Redelegation = {
    delegator_address: string
    validator_src_address: string
    validator_dst_address: string
    entries: ProtoTypes['sdk.staking.v1beta1.RedelegationEntry'][]
  }
  namespace Redelegation {
    /** sdk.staking.v1beta1.Redelegation, as fromObject and encode take it. */
    type Init = {
      delegator_address?: string | null | undefined
      validator_src_address?: string | null | undefined
      validator_dst_address?: string | null | undefined
      entries?: readonly ProtoInits['sdk.staking.v1beta1.RedelegationEntry'][] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.Params, decoded. */
  type Params = {
    unbonding_time: ProtoTypes['google.protobuf.Duration'] | null
    max_validators: number
    max_entries: number
    historical_entries: number
    bond_denom: string
    min_commission_rate: string
  }
  namespace Params {
    /** sdk.staking.v1beta1.Params, as fromObject and encode take it. */
    type Init = {
      unbonding_time?: ProtoInits['google.protobuf.Duration'] | null | undefined
      max_validators?: number | null | undefined
      max_entries?: number | null | undefined
      historical_entries?: number | null | undefined
      bond_denom?: string | null | undefined
      min_commission_rate?: string | null | undefined
    }
  }
  /** sdk.staking.v1beta1.Pool, decoded. */
  type Pool = {
    not_bonded_tokens: string
    bonded_tokens: string
  }
  namespace Pool {
    /** sdk.staking.v1beta1.Pool, as fromObject and encode take it. */
    type Init = {
      not_bonded_tokens?: string | null | undefined
      bonded_tokens?: string | null | undefined
    }
  }
  /** sdk.staking.v1beta1.HistoricalInfo, decoded. */
  type HistoricalInfo = {
    header: ProtoTypes['tendermint.types.Header'] | null
    valset: ProtoTypes['sdk.staking.v1beta1.Validator'][]
  }
  namespace HistoricalInfo {
    /** sdk.staking.v1beta1.HistoricalInfo, as fromObject and encode take it. */
    type Init = {
      header?: ProtoInits['tendermint.types.Header'] | null | undefined
      valset?: readonly ProtoInits['sdk.staking.v1beta1.Validator'][] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.ValAddresses, decoded. */
  type ValAddresses = {
    addresses: string[]
  }
  namespace ValAddresses {
    /** sdk.staking.v1beta1.ValAddresses, as fromObject and encode take it. */
    type Init = {
      addresses?: readonly string[] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.DVPair, decoded. */
  type DVPair = {
    delegator_address: string
    validator_address: string
  }
  namespace DVPair {
    /** sdk.staking.v1beta1.DVPair, as fromObject and encode take it. */
    type Init = {
      delegator_address?: string | null | undefined
      validator_address?: string | null | undefined
    }
  }
  /** sdk.staking.v1beta1.DVPairs, decoded. */
  type DVPairs = {
    pairs: ProtoTypes['sdk.staking.v1beta1.DVPair'][]
  }
  namespace DVPairs {
    /** sdk.staking.v1beta1.DVPairs, as fromObject and encode take it. */
    type Init = {
      pairs?: readonly ProtoInits['sdk.staking.v1beta1.DVPair'][] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.DVVTriplet, decoded. */
  type DVVTriplet = {
    delegator_address: string
    validator_src_address: string
    validator_dst_address: string
  }
  namespace DVVTriplet {
    /** sdk.staking.v1beta1.DVVTriplet, as fromObject and encode take it. */
    type Init = {
      delegator_address?: string | null | undefined
      validator_src_address?: string | null | undefined
      validator_dst_address?: string | null | undefined
    }
  }
  /** sdk.staking.v1beta1.DVVTriplets, decoded. */
  type DVVTriplets = {
    triplets: ProtoTypes['sdk.staking.v1beta1.DVVTriplet'][]
  }
  namespace DVVTriplets {
    /** sdk.staking.v1beta1.DVVTriplets, as fromObject and encode take it. */
    type Init = {
      triplets?: readonly ProtoInits['sdk.staking.v1beta1.DVVTriplet'][] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.RedelegationEntryResponse, decoded. */
  type RedelegationEntryResponse = {
    redelegation_entry: ProtoTypes['sdk.staking.v1beta1.RedelegationEntry'] | null
    balance: string
  }
  namespace RedelegationEntryResponse {
    /** sdk.staking.v1beta1.RedelegationEntryResponse, as fromObject and encode take it. */
    type Init = {
      redelegation_entry?: ProtoInits['sdk.staking.v1beta1.RedelegationEntry'] | null | undefined
      balance?: string | null | undefined
    }
  }
  /** sdk.staking.v1beta1.RedelegationResponse, decoded. */
  type RedelegationResponse = {
    redelegation: ProtoTypes['sdk.staking.v1beta1.Redelegation'] | null
    entries: ProtoTypes['sdk.staking.v1beta1.RedelegationEntryResponse'][]
  }
  namespace RedelegationResponse {
    /** sdk.staking.v1beta1.RedelegationResponse, as fromObject and encode take it. */
    type Init = {
      redelegation?: ProtoInits['sdk.staking.v1beta1.Redelegation'] | null | undefined
      entries?: readonly ProtoInits['sdk.staking.v1beta1.RedelegationEntryResponse'][] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.ValidatorUpdates, decoded. */
  type ValidatorUpdates = {
    updates: ProtoTypes['tendermint.abci.ValidatorUpdate'][]
  }
  namespace ValidatorUpdates {
    /** sdk.staking.v1beta1.ValidatorUpdates, as fromObject and encode take it. */
    type Init = {
      updates?: readonly ProtoInits['tendermint.abci.ValidatorUpdate'][] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.MsgCreateValidator, decoded. */
  type MsgCreateValidator = {
    description: ProtoTypes['sdk.staking.v1beta1.Description'] | null
    commission: ProtoTypes['sdk.staking.v1beta1.CommissionRates'] | null
    min_self_delegation: string
    delegator_address: string
    validator_address: string
    pubkey: ProtoTypes['google.protobuf.Any'] | null
    value: ProtoTypes['sdk.base.v1beta1.Coin'] | null
  }
  namespace MsgCreateValidator {
    /** sdk.staking.v1beta1.MsgCreateValidator, as fromObject and encode take it. */
    type Init = {
      description?: ProtoInits['sdk.staking.v1beta1.Description'] | null | undefined
      commission?: ProtoInits['sdk.staking.v1beta1.CommissionRates'] | null | undefined
      min_self_delegation?: string | null | undefined
      delegator_address?: string | null | undefined
      validator_address?: string | null | undefined
      pubkey?: ProtoInits['google.protobuf.Any'] | null | undefined
      value?: ProtoInits['sdk.base.v1beta1.Coin'] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.MsgCreateValidatorResponse, decoded. */
  type MsgCreateValidatorResponse = {
  }
  namespace MsgCreateValidatorResponse {
    /** sdk.staking.v1beta1.MsgCreateValidatorResponse, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.staking.v1beta1.MsgEditValidator, decoded. */
  type MsgEditValidator = {
    description: ProtoTypes['sdk.staking.v1beta1.Description'] | null
    validator_address: string
    commission_rate: string
    min_self_delegation: string
  }
  namespace MsgEditValidator {
    /** sdk.staking.v1beta1.MsgEditValidator, as fromObject and encode take it. */
    type Init = {
      description?: ProtoInits['sdk.staking.v1beta1.Description'] | null | undefined
      validator_address?: string | null | undefined
      commission_rate?: string | null | undefined
      min_self_delegation?: string | null | undefined
    }
  }
  /** sdk.staking.v1beta1.MsgEditValidatorResponse, decoded. */
  type MsgEditValidatorResponse = {
  }
  namespace MsgEditValidatorResponse {
    /** sdk.staking.v1beta1.MsgEditValidatorResponse, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.staking.v1beta1.MsgDelegate, decoded. */
  type MsgDelegate = {
    delegator_address: string
    validator_address: string
    amount: ProtoTypes['sdk.base.v1beta1.Coin'] | null
  }
  namespace MsgDelegate {
    /** sdk.staking.v1beta1.MsgDelegate, as fromObject and encode take it. */
    type Init = {
      delegator_address?: string | null | undefined
      validator_address?: string | null | undefined
      amount?: ProtoInits['sdk.base.v1beta1.Coin'] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.MsgDelegateResponse, decoded. */
  type MsgDelegateResponse = {
  }
  namespace MsgDelegateResponse {
    /** sdk.staking.v1beta1.MsgDelegateResponse, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.staking.v1beta1.MsgBeginRedelegate, decoded. */
  type MsgBeginRedelegate = {
    delegator_address: string
    validator_src_address: string
    validator_dst_address: string
    amount: ProtoTypes['sdk.base.v1beta1.Coin'] | null
  }
  namespace MsgBeginRedelegate {
    /** sdk.staking.v1beta1.MsgBeginRedelegate, as fromObject and encode take it. */
    type Init = {
      delegator_address?: string | null | undefined
      validator_src_address?: string | null | undefined
      validator_dst_address?: string | null | undefined
      amount?: ProtoInits['sdk.base.v1beta1.Coin'] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.MsgBeginRedelegateResponse, decoded. */
  type MsgBeginRedelegateResponse = {
    completion_time: ProtoTypes['google.protobuf.Timestamp'] | null
  }
  namespace MsgBeginRedelegateResponse {
    /** sdk.staking.v1beta1.MsgBeginRedelegateResponse, as fromObject and encode take it. */
    type Init = {
      completion_time?: ProtoInits['google.protobuf.Timestamp'] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.MsgUndelegate, decoded. */
  type MsgUndelegate = {
    delegator_address: string
    validator_address: string
    amount: ProtoTypes['sdk.base.v1beta1.Coin'] | null
  }
  namespace MsgUndelegate {
    /** sdk.staking.v1beta1.MsgUndelegate, as fromObject and encode take it. */
    type Init = {
      delegator_address?: string | null | undefined
      validator_address?: string | null | undefined
      amount?: ProtoInits['sdk.base.v1beta1.Coin'] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.MsgUndelegateResponse, decoded. */
  type MsgUndelegateResponse = {
    completion_time: ProtoTypes['google.protobuf.Timestamp'] | null
    amount: ProtoTypes['sdk.base.v1beta1.Coin'] | null
  }
  namespace MsgUndelegateResponse {
    /** sdk.staking.v1beta1.MsgUndelegateResponse, as fromObject and encode take it. */
    type Init = {
      completion_time?: ProtoInits['google.protobuf.Timestamp'] | null | undefined
      amount?: ProtoInits['sdk.base.v1beta1.Coin'] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.MsgCancelUnbondingDelegation, decoded. */
  type MsgCancelUnbondingDelegation = {
    delegator_address: string
    validator_address: string
    amount: ProtoTypes['sdk.base.v1beta1.Coin'] | null
    creation_height: Long
  }
  namespace MsgCancelUnbondingDelegation {
    /** sdk.staking.v1beta1.MsgCancelUnbondingDelegation, as fromObject and encode take it. */
    type Init = {
      delegator_address?: string | null | undefined
      validator_address?: string | null | undefined
      amount?: ProtoInits['sdk.base.v1beta1.Coin'] | null | undefined
      creation_height?: Long | number | string | bigint | null | undefined
    }
  }
  /** sdk.staking.v1beta1.MsgCancelUnbondingDelegationResponse, decoded. */
  type MsgCancelUnbondingDelegationResponse = {
  }
  namespace MsgCancelUnbondingDelegationResponse {
    /** sdk.staking.v1beta1.MsgCancelUnbondingDelegationResponse, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.staking.v1beta1.MsgUpdateParams, decoded. */
  type MsgUpdateParams = {
    authority: string
    params: ProtoTypes['sdk.staking.v1beta1.Params'] | null
  }
  namespace MsgUpdateParams {
    /** sdk.staking.v1beta1.MsgUpdateParams, as fromObject and encode take it. */
    type Init = {
      authority?: string | null | undefined
      params?: ProtoInits['sdk.staking.v1beta1.Params'] | null | undefined
    }
  }
  /** sdk.staking.v1beta1.MsgUpdateParamsResponse, decoded. */
  type MsgUpdateParamsResponse = {
  }
  namespace MsgUpdateParamsResponse {
    /** sdk.staking.v1beta1.MsgUpdateParamsResponse, as fromObject and encode take it. */
    type Init = {
    }
  }
}

export declare namespace sdk.store.snapshots.v1 {
  /** sdk.store.snapshots.v1.Snapshot, decoded. */
  type Snapshot = {
    height: Long
    format: number
    chunks: number
    hash: Uint8Array
    metadata: ProtoTypes['sdk.store.snapshots.v1.Metadata'] | null
  }
  namespace Snapshot {
    /** sdk.store.snapshots.v1.Snapshot, as fromObject and encode take it. */
    type Init = {
      height?: Long | number | string | bigint | null | undefined
      format?: number | null | undefined
      chunks?: number | null | undefined
      hash?: Uint8Array | null | undefined
      metadata?: ProtoInits['sdk.store.snapshots.v1.Metadata'] | null | undefined
    }
  }
  /** sdk.store.snapshots.v1.Metadata, decoded. */
  type Metadata = {
    chunk_hashes: Uint8Array[]
  }
  namespace Metadata {
    /** sdk.store.snapshots.v1.Metadata, as fromObject and encode take it. */
    type Init = {
      chunk_hashes?: readonly Uint8Array[] | null | undefined
    }
  }
  /** sdk.store.snapshots.v1.SnapshotItem, decoded. */
  type SnapshotItem = {
    store: ProtoTypes['sdk.store.snapshots.v1.SnapshotStoreItem'] | null
    iavl: ProtoTypes['sdk.store.snapshots.v1.SnapshotIAVLItem'] | null
    extension: ProtoTypes['sdk.store.snapshots.v1.SnapshotExtensionMeta'] | null
    extension_payload: ProtoTypes['sdk.store.snapshots.v1.SnapshotExtensionPayload'] | null
    /** Which field of item is set (a getter). */
    readonly item?: 'store' | 'iavl' | 'extension' | 'extension_payload' | undefined
  }
  namespace SnapshotItem {
    /** sdk.store.snapshots.v1.SnapshotItem, as fromObject and encode take it. */
    type Init = {
      store?: ProtoInits['sdk.store.snapshots.v1.SnapshotStoreItem'] | null | undefined
      iavl?: ProtoInits['sdk.store.snapshots.v1.SnapshotIAVLItem'] | null | undefined
      extension?: ProtoInits['sdk.store.snapshots.v1.SnapshotExtensionMeta'] | null | undefined
      extension_payload?: ProtoInits['sdk.store.snapshots.v1.SnapshotExtensionPayload'] | null | undefined
    }
  }
  /** sdk.store.snapshots.v1.SnapshotStoreItem, decoded. */
  type SnapshotStoreItem = {
    name: string
  }
  namespace SnapshotStoreItem {
    /** sdk.store.snapshots.v1.SnapshotStoreItem, as fromObject and encode take it. */
    type Init = {
      name?: string | null | undefined
    }
  }
  /** sdk.store.snapshots.v1.SnapshotIAVLItem, decoded. */
  type SnapshotIAVLItem = {
    key: Uint8Array
    value: Uint8Array
    version: Long
    height: number
  }
  namespace SnapshotIAVLItem {
    /** sdk.store.snapshots.v1.SnapshotIAVLItem, as fromObject and encode take it. */
    type Init = {
      key?: Uint8Array | null | undefined
      value?: Uint8Array | null | undefined
      version?: Long | number | string | bigint | null | undefined
      height?: number | null | undefined
    }
  }
  /** sdk.store.snapshots.v1.SnapshotExtensionMeta, decoded. */
  type SnapshotExtensionMeta = {
    name: string
    format: number
  }
  namespace SnapshotExtensionMeta {
    /** sdk.store.snapshots.v1.SnapshotExtensionMeta, as fromObject and encode take it. */
    type Init = {
      name?: string | null | undefined
      format?: number | null | undefined
    }
  }
  /** sdk.store.snapshots.v1.SnapshotExtensionPayload, decoded. */
  type SnapshotExtensionPayload = {
    payload: Uint8Array
  }
  namespace SnapshotExtensionPayload {
    /** sdk.store.snapshots.v1.SnapshotExtensionPayload, as fromObject and encode take it. */
    type Init = {
      payload?: Uint8Array | null | undefined
    }
  }
}

export declare namespace sdk.store.v1 {
  /** sdk.store.v1.BlockRecord, decoded. */
  type BlockRecord = {
    block: Uint8Array
    block_hash: Uint8Array
    part_total: number
    part_hash: Uint8Array
    tx_results: ProtoTypes['tendermint.abci.ExecTxResult'][]
    app_hash: Uint8Array
    begin_block_events: ProtoTypes['tendermint.abci.Event'][]
    end_block_events: ProtoTypes['tendermint.abci.Event'][]
    validator_updates: ProtoTypes['tendermint.abci.ValidatorUpdate'][]
  }
  namespace BlockRecord {
    /** sdk.store.v1.BlockRecord, as fromObject and encode take it. */
    type Init = {
      block?: Uint8Array | null | undefined
      block_hash?: Uint8Array | null | undefined
      part_total?: number | null | undefined
      part_hash?: Uint8Array | null | undefined
      tx_results?: readonly ProtoInits['tendermint.abci.ExecTxResult'][] | null | undefined
      app_hash?: Uint8Array | null | undefined
      begin_block_events?: readonly ProtoInits['tendermint.abci.Event'][] | null | undefined
      end_block_events?: readonly ProtoInits['tendermint.abci.Event'][] | null | undefined
      validator_updates?: readonly ProtoInits['tendermint.abci.ValidatorUpdate'][] | null | undefined
    }
  }
}

export declare namespace sdk.tx.v1beta1 {
  /** sdk.tx.v1beta1.GetTxsEventRequest, decoded. */
  type GetTxsEventRequest = {
    events: string[]
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageRequest'] | null
    order_by: number
    page: Long
    limit: Long
    query: string
  }
  namespace GetTxsEventRequest {
    /** sdk.tx.v1beta1.GetTxsEventRequest, as fromObject and encode take it. */
    type Init = {
      events?: readonly string[] | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageRequest'] | null | undefined
      order_by?: number | ProtoEnumNames['sdk.tx.v1beta1.OrderBy'] | null | undefined
      page?: Long | number | string | bigint | null | undefined
      limit?: Long | number | string | bigint | null | undefined
      query?: string | null | undefined
    }
  }
  /** sdk.tx.v1beta1.GetTxsEventResponse, decoded. */
  type GetTxsEventResponse = {
    txs: ProtoTypes['sdk.tx.v1beta1.Tx'][]
    tx_responses: ProtoTypes['sdk.base.abci.v1beta1.TxResponse'][]
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageResponse'] | null
    total: Long
  }
  namespace GetTxsEventResponse {
    /** sdk.tx.v1beta1.GetTxsEventResponse, as fromObject and encode take it. */
    type Init = {
      txs?: readonly ProtoInits['sdk.tx.v1beta1.Tx'][] | null | undefined
      tx_responses?: readonly ProtoInits['sdk.base.abci.v1beta1.TxResponse'][] | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageResponse'] | null | undefined
      total?: Long | number | string | bigint | null | undefined
    }
  }
  /** sdk.tx.v1beta1.BroadcastTxRequest, decoded. */
  type BroadcastTxRequest = {
    tx_bytes: Uint8Array
    mode: number
  }
  namespace BroadcastTxRequest {
    /** sdk.tx.v1beta1.BroadcastTxRequest, as fromObject and encode take it. */
    type Init = {
      tx_bytes?: Uint8Array | null | undefined
      mode?: number | ProtoEnumNames['sdk.tx.v1beta1.BroadcastMode'] | null | undefined
    }
  }
  /** sdk.tx.v1beta1.BroadcastTxResponse, decoded. */
  type BroadcastTxResponse = {
    tx_response: ProtoTypes['sdk.base.abci.v1beta1.TxResponse'] | null
  }
  namespace BroadcastTxResponse {
    /** sdk.tx.v1beta1.BroadcastTxResponse, as fromObject and encode take it. */
    type Init = {
      tx_response?: ProtoInits['sdk.base.abci.v1beta1.TxResponse'] | null | undefined
    }
  }
  /** sdk.tx.v1beta1.SimulateRequest, decoded. */
  type SimulateRequest = {
    tx: ProtoTypes['sdk.tx.v1beta1.Tx'] | null
    tx_bytes: Uint8Array
  }
  namespace SimulateRequest {
    /** sdk.tx.v1beta1.SimulateRequest, as fromObject and encode take it. */
    type Init = {
      tx?: ProtoInits['sdk.tx.v1beta1.Tx'] | null | undefined
      tx_bytes?: Uint8Array | null | undefined
    }
  }
  /** sdk.tx.v1beta1.SimulateResponse, decoded. */
  type SimulateResponse = {
    gas_info: ProtoTypes['sdk.base.abci.v1beta1.GasInfo'] | null
    result: ProtoTypes['sdk.base.abci.v1beta1.Result'] | null
  }
  namespace SimulateResponse {
    /** sdk.tx.v1beta1.SimulateResponse, as fromObject and encode take it. */
    type Init = {
      gas_info?: ProtoInits['sdk.base.abci.v1beta1.GasInfo'] | null | undefined
      result?: ProtoInits['sdk.base.abci.v1beta1.Result'] | null | undefined
    }
  }
  /** sdk.tx.v1beta1.GetTxRequest, decoded. */
  type GetTxRequest = {
    hash: string
  }
  namespace GetTxRequest {
    /** sdk.tx.v1beta1.GetTxRequest, as fromObject and encode take it. */
    type Init = {
      hash?: string | null | undefined
    }
  }
  /** sdk.tx.v1beta1.GetTxResponse, decoded. */
  type GetTxResponse = {
    tx: ProtoTypes['sdk.tx.v1beta1.Tx'] | null
    tx_response: ProtoTypes['sdk.base.abci.v1beta1.TxResponse'] | null
  }
  namespace GetTxResponse {
    /** sdk.tx.v1beta1.GetTxResponse, as fromObject and encode take it. */
    type Init = {
      tx?: ProtoInits['sdk.tx.v1beta1.Tx'] | null | undefined
      tx_response?: ProtoInits['sdk.base.abci.v1beta1.TxResponse'] | null | undefined
    }
  }
  /** sdk.tx.v1beta1.GetBlockWithTxsRequest, decoded. */
  type GetBlockWithTxsRequest = {
    height: Long
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageRequest'] | null
  }
  namespace GetBlockWithTxsRequest {
    /** sdk.tx.v1beta1.GetBlockWithTxsRequest, as fromObject and encode take it. */
    type Init = {
      height?: Long | number | string | bigint | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageRequest'] | null | undefined
    }
  }
  /** sdk.tx.v1beta1.GetBlockWithTxsResponse, decoded. */
  type GetBlockWithTxsResponse = {
    txs: ProtoTypes['sdk.tx.v1beta1.Tx'][]
    block_id: ProtoTypes['tendermint.types.BlockID'] | null
    block: ProtoTypes['tendermint.types.Block'] | null
    pagination: ProtoTypes['sdk.base.query.v1beta1.PageResponse'] | null
  }
  namespace GetBlockWithTxsResponse {
    /** sdk.tx.v1beta1.GetBlockWithTxsResponse, as fromObject and encode take it. */
    type Init = {
      txs?: readonly ProtoInits['sdk.tx.v1beta1.Tx'][] | null | undefined
      block_id?: ProtoInits['tendermint.types.BlockID'] | null | undefined
      block?: ProtoInits['tendermint.types.Block'] | null | undefined
      pagination?: ProtoInits['sdk.base.query.v1beta1.PageResponse'] | null | undefined
    }
  }
  /** sdk.tx.v1beta1.TxDecodeRequest, decoded. */
  type TxDecodeRequest = {
    tx_bytes: Uint8Array
  }
  namespace TxDecodeRequest {
    /** sdk.tx.v1beta1.TxDecodeRequest, as fromObject and encode take it. */
    type Init = {
      tx_bytes?: Uint8Array | null | undefined
    }
  }
  /** sdk.tx.v1beta1.TxDecodeResponse, decoded. */
  type TxDecodeResponse = {
    tx: ProtoTypes['sdk.tx.v1beta1.Tx'] | null
  }
  namespace TxDecodeResponse {
    /** sdk.tx.v1beta1.TxDecodeResponse, as fromObject and encode take it. */
    type Init = {
      tx?: ProtoInits['sdk.tx.v1beta1.Tx'] | null | undefined
    }
  }
  /** sdk.tx.v1beta1.TxEncodeRequest, decoded. */
  type TxEncodeRequest = {
    tx: ProtoTypes['sdk.tx.v1beta1.Tx'] | null
  }
  namespace TxEncodeRequest {
    /** sdk.tx.v1beta1.TxEncodeRequest, as fromObject and encode take it. */
    type Init = {
      tx?: ProtoInits['sdk.tx.v1beta1.Tx'] | null | undefined
    }
  }
  /** sdk.tx.v1beta1.TxEncodeResponse, decoded. */
  type TxEncodeResponse = {
    tx_bytes: Uint8Array
  }
  namespace TxEncodeResponse {
    /** sdk.tx.v1beta1.TxEncodeResponse, as fromObject and encode take it. */
    type Init = {
      tx_bytes?: Uint8Array | null | undefined
    }
  }
  /** sdk.tx.v1beta1.Tx, decoded. */
  type Tx = {
    body: ProtoTypes['sdk.tx.v1beta1.TxBody'] | null
    auth_info: ProtoTypes['sdk.tx.v1beta1.AuthInfo'] | null
    signatures: Uint8Array[]
  }
  namespace Tx {
    /** sdk.tx.v1beta1.Tx, as fromObject and encode take it. */
    type Init = {
      body?: ProtoInits['sdk.tx.v1beta1.TxBody'] | null | undefined
      auth_info?: ProtoInits['sdk.tx.v1beta1.AuthInfo'] | null | undefined
      signatures?: readonly Uint8Array[] | null | undefined
    }
  }
  /** sdk.tx.v1beta1.TxRaw, decoded. */
  type TxRaw = {
    body_bytes: Uint8Array
    auth_info_bytes: Uint8Array
    signatures: Uint8Array[]
  }
  namespace TxRaw {
    /** sdk.tx.v1beta1.TxRaw, as fromObject and encode take it. */
    type Init = {
      body_bytes?: Uint8Array | null | undefined
      auth_info_bytes?: Uint8Array | null | undefined
      signatures?: readonly Uint8Array[] | null | undefined
    }
  }
  /** sdk.tx.v1beta1.SignDoc, decoded. */
  type SignDoc = {
    body_bytes: Uint8Array
    auth_info_bytes: Uint8Array
    chain_id: string
    account_number: Long
  }
  namespace SignDoc {
    /** sdk.tx.v1beta1.SignDoc, as fromObject and encode take it. */
    type Init = {
      body_bytes?: Uint8Array | null | undefined
      auth_info_bytes?: Uint8Array | null | undefined
      chain_id?: string | null | undefined
      account_number?: Long | number | string | bigint | null | undefined
    }
  }
  /** sdk.tx.v1beta1.TxBody, decoded. */
  type TxBody = {
    messages: ProtoTypes['google.protobuf.Any'][]
    memo: string
    timeout_height: Long
    extension_options: ProtoTypes['google.protobuf.Any'][]
    non_critical_extension_options: ProtoTypes['google.protobuf.Any'][]
  }
  namespace TxBody {
    /** sdk.tx.v1beta1.TxBody, as fromObject and encode take it. */
    type Init = {
      messages?: readonly ProtoInits['google.protobuf.Any'][] | null | undefined
      memo?: string | null | undefined
      timeout_height?: Long | number | string | bigint | null | undefined
      extension_options?: readonly ProtoInits['google.protobuf.Any'][] | null | undefined
      non_critical_extension_options?: readonly ProtoInits['google.protobuf.Any'][] | null | undefined
    }
  }
  /** sdk.tx.v1beta1.AuthInfo, decoded. */
  type AuthInfo = {
    signer_infos: ProtoTypes['sdk.tx.v1beta1.SignerInfo'][]
    fee: ProtoTypes['sdk.tx.v1beta1.Fee'] | null
    tip: ProtoTypes['sdk.tx.v1beta1.Tip'] | null
  }
  namespace AuthInfo {
    /** sdk.tx.v1beta1.AuthInfo, as fromObject and encode take it. */
    type Init = {
      signer_infos?: readonly ProtoInits['sdk.tx.v1beta1.SignerInfo'][] | null | undefined
      fee?: ProtoInits['sdk.tx.v1beta1.Fee'] | null | undefined
      tip?: ProtoInits['sdk.tx.v1beta1.Tip'] | null | undefined
    }
  }
  /** sdk.tx.v1beta1.SignerInfo, decoded. */
  type SignerInfo = {
    public_key: ProtoTypes['google.protobuf.Any'] | null
    mode_info: ProtoTypes['sdk.tx.v1beta1.ModeInfo'] | null
    sequence: Long
  }
  namespace SignerInfo {
    /** sdk.tx.v1beta1.SignerInfo, as fromObject and encode take it. */
    type Init = {
      public_key?: ProtoInits['google.protobuf.Any'] | null | undefined
      mode_info?: ProtoInits['sdk.tx.v1beta1.ModeInfo'] | null | undefined
      sequence?: Long | number | string | bigint | null | undefined
    }
  }
  /** sdk.tx.v1beta1.ModeInfo, decoded. */
  type ModeInfo = {
    single: ProtoTypes['sdk.tx.v1beta1.ModeInfo.Single'] | null
    multi: ProtoTypes['sdk.tx.v1beta1.ModeInfo.Multi'] | null
    /** Which field of sum is set (a getter). */
    readonly sum?: 'single' | 'multi' | undefined
  }
  namespace ModeInfo {
    /** sdk.tx.v1beta1.ModeInfo, as fromObject and encode take it. */
    type Init = {
      single?: ProtoInits['sdk.tx.v1beta1.ModeInfo.Single'] | null | undefined
      multi?: ProtoInits['sdk.tx.v1beta1.ModeInfo.Multi'] | null | undefined
    }
    /** sdk.tx.v1beta1.ModeInfo.Single, decoded. */
    type Single = {
      mode: number
    }
    namespace Single {
      /** sdk.tx.v1beta1.ModeInfo.Single, as fromObject and encode take it. */
      type Init = {
        mode?: number | ProtoEnumNames['sdk.tx.signing.v1beta1.SignMode'] | null | undefined
      }
    }
    /** sdk.tx.v1beta1.ModeInfo.Multi, decoded. */
    type Multi = {
      bitarray: ProtoTypes['sdk.crypto.multisig.v1beta1.CompactBitArray'] | null
      mode_infos: ProtoTypes['sdk.tx.v1beta1.ModeInfo'][]
    }
    namespace Multi {
      /** sdk.tx.v1beta1.ModeInfo.Multi, as fromObject and encode take it. */
      type Init = {
        bitarray?: ProtoInits['sdk.crypto.multisig.v1beta1.CompactBitArray'] | null | undefined
        mode_infos?: readonly ProtoInits['sdk.tx.v1beta1.ModeInfo'][] | null | undefined
      }
    }
  }
  /** sdk.tx.v1beta1.Fee, decoded. */
  type Fee = {
    amount: ProtoTypes['sdk.base.v1beta1.Coin'][]
    gas_limit: Long
    payer: string
    granter: string
  }
  namespace Fee {
    /** sdk.tx.v1beta1.Fee, as fromObject and encode take it. */
    type Init = {
      amount?: readonly ProtoInits['sdk.base.v1beta1.Coin'][] | null | undefined
      gas_limit?: Long | number | string | bigint | null | undefined
      payer?: string | null | undefined
      granter?: string | null | undefined
    }
  }
  /** sdk.tx.v1beta1.Tip, decoded. */
  type Tip = {
    amount: ProtoTypes['sdk.base.v1beta1.Coin'][]
    tipper: string
  }
  namespace Tip {
    /** sdk.tx.v1beta1.Tip, as fromObject and encode take it. */
    type Init = {
      amount?: readonly ProtoInits['sdk.base.v1beta1.Coin'][] | null | undefined
      tipper?: string | null | undefined
    }
  }
}

export declare namespace sdk.upgrade.v1beta1 {
  /** sdk.upgrade.v1beta1.QueryCurrentPlanRequest, decoded. */
  type QueryCurrentPlanRequest = {
  }
  namespace QueryCurrentPlanRequest {
    /** sdk.upgrade.v1beta1.QueryCurrentPlanRequest, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.upgrade.v1beta1.QueryCurrentPlanResponse, decoded. */
  type QueryCurrentPlanResponse = {
    plan: ProtoTypes['sdk.upgrade.v1beta1.Plan'] | null
  }
  namespace QueryCurrentPlanResponse {
    /** sdk.upgrade.v1beta1.QueryCurrentPlanResponse, as fromObject and encode take it. */
    type Init = {
      plan?: ProtoInits['sdk.upgrade.v1beta1.Plan'] | null | undefined
    }
  }
  /** sdk.upgrade.v1beta1.QueryAppliedPlanRequest, decoded. */
  type QueryAppliedPlanRequest = {
    name: string
  }
  namespace QueryAppliedPlanRequest {
    /** sdk.upgrade.v1beta1.QueryAppliedPlanRequest, as fromObject and encode take it. */
    type Init = {
      name?: string | null | undefined
    }
  }
  /** sdk.upgrade.v1beta1.QueryAppliedPlanResponse, decoded. */
  type QueryAppliedPlanResponse = {
    height: Long
  }
  namespace QueryAppliedPlanResponse {
    /** sdk.upgrade.v1beta1.QueryAppliedPlanResponse, as fromObject and encode take it. */
    type Init = {
      height?: Long | number | string | bigint | null | undefined
    }
  }
  /** sdk.upgrade.v1beta1.QueryUpgradedConsensusStateRequest, decoded. */
  type QueryUpgradedConsensusStateRequest = {
    last_height: Long
  }
  namespace QueryUpgradedConsensusStateRequest {
    /** sdk.upgrade.v1beta1.QueryUpgradedConsensusStateRequest, as fromObject and encode take it. */
    type Init = {
      last_height?: Long | number | string | bigint | null | undefined
    }
  }
  /** sdk.upgrade.v1beta1.QueryUpgradedConsensusStateResponse, decoded. */
  type QueryUpgradedConsensusStateResponse = {
    upgraded_consensus_state: Uint8Array
  }
  namespace QueryUpgradedConsensusStateResponse {
    /** sdk.upgrade.v1beta1.QueryUpgradedConsensusStateResponse, as fromObject and encode take it. */
    type Init = {
      upgraded_consensus_state?: Uint8Array | null | undefined
    }
  }
  /** sdk.upgrade.v1beta1.QueryModuleVersionsRequest, decoded. */
  type QueryModuleVersionsRequest = {
    module_name: string
  }
  namespace QueryModuleVersionsRequest {
    /** sdk.upgrade.v1beta1.QueryModuleVersionsRequest, as fromObject and encode take it. */
    type Init = {
      module_name?: string | null | undefined
    }
  }
  /** sdk.upgrade.v1beta1.QueryModuleVersionsResponse, decoded. */
  type QueryModuleVersionsResponse = {
    module_versions: ProtoTypes['sdk.upgrade.v1beta1.ModuleVersion'][]
  }
  namespace QueryModuleVersionsResponse {
    /** sdk.upgrade.v1beta1.QueryModuleVersionsResponse, as fromObject and encode take it. */
    type Init = {
      module_versions?: readonly ProtoInits['sdk.upgrade.v1beta1.ModuleVersion'][] | null | undefined
    }
  }
  /** sdk.upgrade.v1beta1.QueryAuthorityRequest, decoded. */
  type QueryAuthorityRequest = {
  }
  namespace QueryAuthorityRequest {
    /** sdk.upgrade.v1beta1.QueryAuthorityRequest, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.upgrade.v1beta1.QueryAuthorityResponse, decoded. */
  type QueryAuthorityResponse = {
    address: string
  }
  namespace QueryAuthorityResponse {
    /** sdk.upgrade.v1beta1.QueryAuthorityResponse, as fromObject and encode take it. */
    type Init = {
      address?: string | null | undefined
    }
  }
  /** sdk.upgrade.v1beta1.MsgSoftwareUpgrade, decoded. */
  type MsgSoftwareUpgrade = {
    authority: string
    plan: ProtoTypes['sdk.upgrade.v1beta1.Plan'] | null
  }
  namespace MsgSoftwareUpgrade {
    /** sdk.upgrade.v1beta1.MsgSoftwareUpgrade, as fromObject and encode take it. */
    type Init = {
      authority?: string | null | undefined
      plan?: ProtoInits['sdk.upgrade.v1beta1.Plan'] | null | undefined
    }
  }
  /** sdk.upgrade.v1beta1.MsgSoftwareUpgradeResponse, decoded. */
  type MsgSoftwareUpgradeResponse = {
  }
  namespace MsgSoftwareUpgradeResponse {
    /** sdk.upgrade.v1beta1.MsgSoftwareUpgradeResponse, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.upgrade.v1beta1.MsgCancelUpgrade, decoded. */
  type MsgCancelUpgrade = {
    authority: string
  }
  namespace MsgCancelUpgrade {
    /** sdk.upgrade.v1beta1.MsgCancelUpgrade, as fromObject and encode take it. */
    type Init = {
      authority?: string | null | undefined
    }
  }
  /** sdk.upgrade.v1beta1.MsgCancelUpgradeResponse, decoded. */
  type MsgCancelUpgradeResponse = {
  }
  namespace MsgCancelUpgradeResponse {
    /** sdk.upgrade.v1beta1.MsgCancelUpgradeResponse, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.upgrade.v1beta1.Plan, decoded. */
  type Plan = {
    name: string
    time: ProtoTypes['google.protobuf.Timestamp'] | null
    height: Long
    info: string
    upgraded_client_state: ProtoTypes['google.protobuf.Any'] | null
  }
  namespace Plan {
    /** sdk.upgrade.v1beta1.Plan, as fromObject and encode take it. */
    type Init = {
      name?: string | null | undefined
      time?: ProtoInits['google.protobuf.Timestamp'] | null | undefined
      height?: Long | number | string | bigint | null | undefined
      info?: string | null | undefined
      upgraded_client_state?: ProtoInits['google.protobuf.Any'] | null | undefined
    }
  }
  /** sdk.upgrade.v1beta1.SoftwareUpgradeProposal, decoded. */
  type SoftwareUpgradeProposal = {
    title: string
    description: string
    plan: ProtoTypes['sdk.upgrade.v1beta1.Plan'] | null
  }
  namespace SoftwareUpgradeProposal {
    /** sdk.upgrade.v1beta1.SoftwareUpgradeProposal, as fromObject and encode take it. */
    type Init = {
      title?: string | null | undefined
      description?: string | null | undefined
      plan?: ProtoInits['sdk.upgrade.v1beta1.Plan'] | null | undefined
    }
  }
  /** sdk.upgrade.v1beta1.CancelSoftwareUpgradeProposal, decoded. */
  type CancelSoftwareUpgradeProposal = {
    title: string
    description: string
  }
  namespace CancelSoftwareUpgradeProposal {
    /** sdk.upgrade.v1beta1.CancelSoftwareUpgradeProposal, as fromObject and encode take it. */
    type Init = {
      title?: string | null | undefined
      description?: string | null | undefined
    }
  }
  /** sdk.upgrade.v1beta1.ModuleVersion, decoded. */
  type ModuleVersion = {
    name: string
    version: Long
  }
  namespace ModuleVersion {
    /** sdk.upgrade.v1beta1.ModuleVersion, as fromObject and encode take it. */
    type Init = {
      name?: string | null | undefined
      version?: Long | number | string | bigint | null | undefined
    }
  }
}

export declare namespace sdk.vesting.v1beta1 {
  /** sdk.vesting.v1beta1.MsgCreateVestingAccount, decoded. */
  type MsgCreateVestingAccount = {
    from_address: string
    to_address: string
    amount: ProtoTypes['sdk.base.v1beta1.Coin'][]
    end_time: Long
    delayed: boolean
  }
  namespace MsgCreateVestingAccount {
    /** sdk.vesting.v1beta1.MsgCreateVestingAccount, as fromObject and encode take it. */
    type Init = {
      from_address?: string | null | undefined
      to_address?: string | null | undefined
      amount?: readonly ProtoInits['sdk.base.v1beta1.Coin'][] | null | undefined
      end_time?: Long | number | string | bigint | null | undefined
      delayed?: boolean | null | undefined
    }
  }
  /** sdk.vesting.v1beta1.MsgCreateVestingAccountResponse, decoded. */
  type MsgCreateVestingAccountResponse = {
  }
  namespace MsgCreateVestingAccountResponse {
    /** sdk.vesting.v1beta1.MsgCreateVestingAccountResponse, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.vesting.v1beta1.MsgCreatePermanentLockedAccount, decoded. */
  type MsgCreatePermanentLockedAccount = {
    from_address: string
    to_address: string
    amount: ProtoTypes['sdk.base.v1beta1.Coin'][]
  }
  namespace MsgCreatePermanentLockedAccount {
    /** sdk.vesting.v1beta1.MsgCreatePermanentLockedAccount, as fromObject and encode take it. */
    type Init = {
      from_address?: string | null | undefined
      to_address?: string | null | undefined
      amount?: readonly ProtoInits['sdk.base.v1beta1.Coin'][] | null | undefined
    }
  }
  /** sdk.vesting.v1beta1.MsgCreatePermanentLockedAccountResponse, decoded. */
  type MsgCreatePermanentLockedAccountResponse = {
  }
  namespace MsgCreatePermanentLockedAccountResponse {
    /** sdk.vesting.v1beta1.MsgCreatePermanentLockedAccountResponse, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.vesting.v1beta1.MsgCreatePeriodicVestingAccount, decoded. */
  type MsgCreatePeriodicVestingAccount = {
    from_address: string
    to_address: string
    start_time: Long
    vesting_periods: ProtoTypes['sdk.vesting.v1beta1.Period'][]
  }
  namespace MsgCreatePeriodicVestingAccount {
    /** sdk.vesting.v1beta1.MsgCreatePeriodicVestingAccount, as fromObject and encode take it. */
    type Init = {
      from_address?: string | null | undefined
      to_address?: string | null | undefined
      start_time?: Long | number | string | bigint | null | undefined
      vesting_periods?: readonly ProtoInits['sdk.vesting.v1beta1.Period'][] | null | undefined
    }
  }
  /** sdk.vesting.v1beta1.MsgCreatePeriodicVestingAccountResponse, decoded. */
  type MsgCreatePeriodicVestingAccountResponse = {
  }
  namespace MsgCreatePeriodicVestingAccountResponse {
    /** sdk.vesting.v1beta1.MsgCreatePeriodicVestingAccountResponse, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** sdk.vesting.v1beta1.BaseVestingAccount, decoded. */
  type BaseVestingAccount = {
    base_account: ProtoTypes['sdk.auth.v1beta1.BaseAccount'] | null
    original_vesting: ProtoTypes['sdk.base.v1beta1.Coin'][]
    delegated_free: ProtoTypes['sdk.base.v1beta1.Coin'][]
    delegated_vesting: ProtoTypes['sdk.base.v1beta1.Coin'][]
    end_time: Long
  }
  namespace BaseVestingAccount {
    /** sdk.vesting.v1beta1.BaseVestingAccount, as fromObject and encode take it. */
    type Init = {
      base_account?: ProtoInits['sdk.auth.v1beta1.BaseAccount'] | null | undefined
      original_vesting?: readonly ProtoInits['sdk.base.v1beta1.Coin'][] | null | undefined
      delegated_free?: readonly ProtoInits['sdk.base.v1beta1.Coin'][] | null | undefined
      delegated_vesting?: readonly ProtoInits['sdk.base.v1beta1.Coin'][] | null | undefined
      end_time?: Long | number | string | bigint | null | undefined
    }
  }
  /** sdk.vesting.v1beta1.ContinuousVestingAccount, decoded. */
  type ContinuousVestingAccount = {
    base_vesting_account: ProtoTypes['sdk.vesting.v1beta1.BaseVestingAccount'] | null
    start_time: Long
  }
  namespace ContinuousVestingAccount {
    /** sdk.vesting.v1beta1.ContinuousVestingAccount, as fromObject and encode take it. */
    type Init = {
      base_vesting_account?: ProtoInits['sdk.vesting.v1beta1.BaseVestingAccount'] | null | undefined
      start_time?: Long | number | string | bigint | null | undefined
    }
  }
  /** sdk.vesting.v1beta1.DelayedVestingAccount, decoded. */
  type DelayedVestingAccount = {
    base_vesting_account: ProtoTypes['sdk.vesting.v1beta1.BaseVestingAccount'] | null
  }
  namespace DelayedVestingAccount {
    /** sdk.vesting.v1beta1.DelayedVestingAccount, as fromObject and encode take it. */
    type Init = {
      base_vesting_account?: ProtoInits['sdk.vesting.v1beta1.BaseVestingAccount'] | null | undefined
    }
  }
  /** sdk.vesting.v1beta1.Period, decoded. */
  type Period = {
    length: Long
    amount: ProtoTypes['sdk.base.v1beta1.Coin'][]
  }
  namespace Period {
    /** sdk.vesting.v1beta1.Period, as fromObject and encode take it. */
    type Init = {
      length?: Long | number | string | bigint | null | undefined
      amount?: readonly ProtoInits['sdk.base.v1beta1.Coin'][] | null | undefined
    }
  }
  /** sdk.vesting.v1beta1.PeriodicVestingAccount, decoded. */
  type PeriodicVestingAccount = {
    base_vesting_account: ProtoTypes['sdk.vesting.v1beta1.BaseVestingAccount'] | null
    start_time: Long
    vesting_periods: ProtoTypes['sdk.vesting.v1beta1.Period'][]
  }
  namespace PeriodicVestingAccount {
    /** sdk.vesting.v1beta1.PeriodicVestingAccount, as fromObject and encode take it. */
    type Init = {
      base_vesting_account?: ProtoInits['sdk.vesting.v1beta1.BaseVestingAccount'] | null | undefined
      start_time?: Long | number | string | bigint | null | undefined
      vesting_periods?: readonly ProtoInits['sdk.vesting.v1beta1.Period'][] | null | undefined
    }
  }
  /** sdk.vesting.v1beta1.PermanentLockedAccount, decoded. */
  type PermanentLockedAccount = {
    base_vesting_account: ProtoTypes['sdk.vesting.v1beta1.BaseVestingAccount'] | null
  }
  namespace PermanentLockedAccount {
    /** sdk.vesting.v1beta1.PermanentLockedAccount, as fromObject and encode take it. */
    type Init = {
      base_vesting_account?: ProtoInits['sdk.vesting.v1beta1.BaseVestingAccount'] | null | undefined
    }
  }
}

export declare namespace tendermint.abci {
  /** tendermint.abci.EventAttribute, decoded. */
  type EventAttribute = {
    key: string
    value: string
    index: boolean
  }
  namespace EventAttribute {
    /** tendermint.abci.EventAttribute, as fromObject and encode take it. */
    type Init = {
      key?: string | null | undefined
      value?: string | null | undefined
      index?: boolean | null | undefined
    }
  }
  /** tendermint.abci.Event, decoded. */
  type Event = {
    type: string
    attributes: ProtoTypes['tendermint.abci.EventAttribute'][]
  }
  namespace Event {
    /** tendermint.abci.Event, as fromObject and encode take it. */
    type Init = {
      type?: string | null | undefined
      attributes?: readonly ProtoInits['tendermint.abci.EventAttribute'][] | null | undefined
    }
  }
  /** tendermint.abci.ExecTxResult, decoded. */
  type ExecTxResult = {
    code: number
    data: Uint8Array
    log: string
    info: string
    gas_wanted: Long
    gas_used: Long
    events: ProtoTypes['tendermint.abci.Event'][]
    codespace: string
  }
  namespace ExecTxResult {
    /** tendermint.abci.ExecTxResult, as fromObject and encode take it. */
    type Init = {
      code?: number | null | undefined
      data?: Uint8Array | null | undefined
      log?: string | null | undefined
      info?: string | null | undefined
      gas_wanted?: Long | number | string | bigint | null | undefined
      gas_used?: Long | number | string | bigint | null | undefined
      events?: readonly ProtoInits['tendermint.abci.Event'][] | null | undefined
      codespace?: string | null | undefined
    }
  }
  /** tendermint.abci.ValidatorUpdate, decoded. */
  type ValidatorUpdate = {
    pub_key: ProtoTypes['tendermint.crypto.PublicKey'] | null
    power: Long
  }
  namespace ValidatorUpdate {
    /** tendermint.abci.ValidatorUpdate, as fromObject and encode take it. */
    type Init = {
      pub_key?: ProtoInits['tendermint.crypto.PublicKey'] | null | undefined
      power?: Long | number | string | bigint | null | undefined
    }
  }
  /** tendermint.abci.Request, decoded. */
  type Request = {
    echo: ProtoTypes['tendermint.abci.RequestEcho'] | null
    flush: ProtoTypes['tendermint.abci.RequestFlush'] | null
    info: ProtoTypes['tendermint.abci.RequestInfo'] | null
    init_chain: ProtoTypes['tendermint.abci.RequestInitChain'] | null
    query: ProtoTypes['tendermint.abci.RequestQuery'] | null
    check_tx: ProtoTypes['tendermint.abci.RequestCheckTx'] | null
    commit: ProtoTypes['tendermint.abci.RequestCommit'] | null
    list_snapshots: ProtoTypes['tendermint.abci.RequestListSnapshots'] | null
    offer_snapshot: ProtoTypes['tendermint.abci.RequestOfferSnapshot'] | null
    load_snapshot_chunk: ProtoTypes['tendermint.abci.RequestLoadSnapshotChunk'] | null
    apply_snapshot_chunk: ProtoTypes['tendermint.abci.RequestApplySnapshotChunk'] | null
    prepare_proposal: ProtoTypes['tendermint.abci.RequestPrepareProposal'] | null
    process_proposal: ProtoTypes['tendermint.abci.RequestProcessProposal'] | null
    extend_vote: ProtoTypes['tendermint.abci.RequestExtendVote'] | null
    verify_vote_extension: ProtoTypes['tendermint.abci.RequestVerifyVoteExtension'] | null
    finalize_block: ProtoTypes['tendermint.abci.RequestFinalizeBlock'] | null
    /** Which field of value is set (a getter). */
    readonly value?: 'echo' | 'flush' | 'info' | 'init_chain' | 'query' | 'check_tx' | 'commit' | 'list_snapshots' | 'offer_snapshot' | 'load_snapshot_chunk' | 'apply_snapshot_chunk' | 'prepare_proposal' | 'process_proposal' | 'extend_vote' | 'verify_vote_extension' | 'finalize_block' | undefined
  }
  namespace Request {
    /** tendermint.abci.Request, as fromObject and encode take it. */
    type Init = {
      echo?: ProtoInits['tendermint.abci.RequestEcho'] | null | undefined
      flush?: ProtoInits['tendermint.abci.RequestFlush'] | null | undefined
      info?: ProtoInits['tendermint.abci.RequestInfo'] | null | undefined
      init_chain?: ProtoInits['tendermint.abci.RequestInitChain'] | null | undefined
      query?: ProtoInits['tendermint.abci.RequestQuery'] | null | undefined
      check_tx?: ProtoInits['tendermint.abci.RequestCheckTx'] | null | undefined
      commit?: ProtoInits['tendermint.abci.RequestCommit'] | null | undefined
      list_snapshots?: ProtoInits['tendermint.abci.RequestListSnapshots'] | null | undefined
      offer_snapshot?: ProtoInits['tendermint.abci.RequestOfferSnapshot'] | null | undefined
      load_snapshot_chunk?: ProtoInits['tendermint.abci.RequestLoadSnapshotChunk'] | null | undefined
      apply_snapshot_chunk?: ProtoInits['tendermint.abci.RequestApplySnapshotChunk'] | null | undefined
      prepare_proposal?: ProtoInits['tendermint.abci.RequestPrepareProposal'] | null | undefined
      process_proposal?: ProtoInits['tendermint.abci.RequestProcessProposal'] | null | undefined
      extend_vote?: ProtoInits['tendermint.abci.RequestExtendVote'] | null | undefined
      verify_vote_extension?: ProtoInits['tendermint.abci.RequestVerifyVoteExtension'] | null | undefined
      finalize_block?: ProtoInits['tendermint.abci.RequestFinalizeBlock'] | null | undefined
    }
  }
  /** tendermint.abci.RequestEcho, decoded. */
  type RequestEcho = {
    message: string
  }
  namespace RequestEcho {
    /** tendermint.abci.RequestEcho, as fromObject and encode take it. */
    type Init = {
      message?: string | null | undefined
    }
  }
  /** tendermint.abci.RequestFlush, decoded. */
  type RequestFlush = {
  }
  namespace RequestFlush {
    /** tendermint.abci.RequestFlush, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** tendermint.abci.RequestInfo, decoded. */
  type RequestInfo = {
    version: string
    block_version: Long
    p2p_version: Long
    abci_version: string
  }
  namespace RequestInfo {
    /** tendermint.abci.RequestInfo, as fromObject and encode take it. */
    type Init = {
      version?: string | null | undefined
      block_version?: Long | number | string | bigint | null | undefined
      p2p_version?: Long | number | string | bigint | null | undefined
      abci_version?: string | null | undefined
    }
  }
  /** tendermint.abci.RequestInitChain, decoded. */
  type RequestInitChain = {
    time: ProtoTypes['google.protobuf.Timestamp'] | null
    chain_id: string
    consensus_params: ProtoTypes['tendermint.types.ConsensusParams'] | null
    validators: ProtoTypes['tendermint.abci.ValidatorUpdate'][]
    app_state_bytes: Uint8Array
    initial_height: Long
  }
  namespace RequestInitChain {
    /** tendermint.abci.RequestInitChain, as fromObject and encode take it. */
    type Init = {
      time?: ProtoInits['google.protobuf.Timestamp'] | null | undefined
      chain_id?: string | null | undefined
      consensus_params?: ProtoInits['tendermint.types.ConsensusParams'] | null | undefined
      validators?: readonly ProtoInits['tendermint.abci.ValidatorUpdate'][] | null | undefined
      app_state_bytes?: Uint8Array | null | undefined
      initial_height?: Long | number | string | bigint | null | undefined
    }
  }
  /** tendermint.abci.RequestQuery, decoded. */
  type RequestQuery = {
    data: Uint8Array
    path: string
    height: Long
    prove: boolean
  }
  namespace RequestQuery {
    /** tendermint.abci.RequestQuery, as fromObject and encode take it. */
    type Init = {
      data?: Uint8Array | null | undefined
      path?: string | null | undefined
      height?: Long | number | string | bigint | null | undefined
      prove?: boolean | null | undefined
    }
  }
  /** tendermint.abci.RequestCheckTx, decoded. */
  type RequestCheckTx = {
    tx: Uint8Array
    type: number
  }
  namespace RequestCheckTx {
    /** tendermint.abci.RequestCheckTx, as fromObject and encode take it. */
    type Init = {
      tx?: Uint8Array | null | undefined
      type?: number | ProtoEnumNames['tendermint.abci.CheckTxType'] | null | undefined
    }
  }
  /** tendermint.abci.RequestCommit, decoded. */
  type RequestCommit = {
  }
  namespace RequestCommit {
    /** tendermint.abci.RequestCommit, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** tendermint.abci.RequestListSnapshots, decoded. */
  type RequestListSnapshots = {
  }
  namespace RequestListSnapshots {
    /** tendermint.abci.RequestListSnapshots, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** tendermint.abci.RequestOfferSnapshot, decoded. */
  type RequestOfferSnapshot = {
    snapshot: ProtoTypes['tendermint.abci.Snapshot'] | null
    app_hash: Uint8Array
  }
  namespace RequestOfferSnapshot {
    /** tendermint.abci.RequestOfferSnapshot, as fromObject and encode take it. */
    type Init = {
      snapshot?: ProtoInits['tendermint.abci.Snapshot'] | null | undefined
      app_hash?: Uint8Array | null | undefined
    }
  }
  /** tendermint.abci.RequestLoadSnapshotChunk, decoded. */
  type RequestLoadSnapshotChunk = {
    height: Long
    format: number
    chunk: number
  }
  namespace RequestLoadSnapshotChunk {
    /** tendermint.abci.RequestLoadSnapshotChunk, as fromObject and encode take it. */
    type Init = {
      height?: Long | number | string | bigint | null | undefined
      format?: number | null | undefined
      chunk?: number | null | undefined
    }
  }
  /** tendermint.abci.RequestApplySnapshotChunk, decoded. */
  type RequestApplySnapshotChunk = {
    index: number
    chunk: Uint8Array
    sender: string
  }
  namespace RequestApplySnapshotChunk {
    /** tendermint.abci.RequestApplySnapshotChunk, as fromObject and encode take it. */
    type Init = {
      index?: number | null | undefined
      chunk?: Uint8Array | null | undefined
      sender?: string | null | undefined
    }
  }
  /** tendermint.abci.RequestPrepareProposal, decoded. */
  type RequestPrepareProposal = {
    max_tx_bytes: Long
    txs: Uint8Array[]
    local_last_commit: ProtoTypes['tendermint.abci.ExtendedCommitInfo'] | null
    misbehavior: ProtoTypes['tendermint.abci.Misbehavior'][]
    height: Long
    time: ProtoTypes['google.protobuf.Timestamp'] | null
    next_validators_hash: Uint8Array
    proposer_address: Uint8Array
  }
  namespace RequestPrepareProposal {
    /** tendermint.abci.RequestPrepareProposal, as fromObject and encode take it. */
    type Init = {
      max_tx_bytes?: Long | number | string | bigint | null | undefined
      txs?: readonly Uint8Array[] | null | undefined
      local_last_commit?: ProtoInits['tendermint.abci.ExtendedCommitInfo'] | null | undefined
      misbehavior?: readonly ProtoInits['tendermint.abci.Misbehavior'][] | null | undefined
      height?: Long | number | string | bigint | null | undefined
      time?: ProtoInits['google.protobuf.Timestamp'] | null | undefined
      next_validators_hash?: Uint8Array | null | undefined
      proposer_address?: Uint8Array | null | undefined
    }
  }
  /** tendermint.abci.RequestProcessProposal, decoded. */
  type RequestProcessProposal = {
    txs: Uint8Array[]
    proposed_last_commit: ProtoTypes['tendermint.abci.CommitInfo'] | null
    misbehavior: ProtoTypes['tendermint.abci.Misbehavior'][]
    hash: Uint8Array
    height: Long
    time: ProtoTypes['google.protobuf.Timestamp'] | null
    next_validators_hash: Uint8Array
    proposer_address: Uint8Array
  }
  namespace RequestProcessProposal {
    /** tendermint.abci.RequestProcessProposal, as fromObject and encode take it. */
    type Init = {
      txs?: readonly Uint8Array[] | null | undefined
      proposed_last_commit?: ProtoInits['tendermint.abci.CommitInfo'] | null | undefined
      misbehavior?: readonly ProtoInits['tendermint.abci.Misbehavior'][] | null | undefined
      hash?: Uint8Array | null | undefined
      height?: Long | number | string | bigint | null | undefined
      time?: ProtoInits['google.protobuf.Timestamp'] | null | undefined
      next_validators_hash?: Uint8Array | null | undefined
      proposer_address?: Uint8Array | null | undefined
    }
  }
  /** tendermint.abci.RequestExtendVote, decoded. */
  type RequestExtendVote = {
    hash: Uint8Array
    height: Long
    time: ProtoTypes['google.protobuf.Timestamp'] | null
    txs: Uint8Array[]
    proposed_last_commit: ProtoTypes['tendermint.abci.CommitInfo'] | null
    misbehavior: ProtoTypes['tendermint.abci.Misbehavior'][]
    next_validators_hash: Uint8Array
    proposer_address: Uint8Array
  }
  namespace RequestExtendVote {
    /** tendermint.abci.RequestExtendVote, as fromObject and encode take it. */
    type Init = {
      hash?: Uint8Array | null | undefined
      height?: Long | number | string | bigint | null | undefined
      time?: ProtoInits['google.protobuf.Timestamp'] | null | undefined
      txs?: readonly Uint8Array[] | null | undefined
      proposed_last_commit?: ProtoInits['tendermint.abci.CommitInfo'] | null | undefined
      misbehavior?: readonly ProtoInits['tendermint.abci.Misbehavior'][] | null | undefined
      next_validators_hash?: Uint8Array | null | undefined
      proposer_address?: Uint8Array | null | undefined
    }
  }
  /** tendermint.abci.RequestVerifyVoteExtension, decoded. */
  type RequestVerifyVoteExtension = {
    hash: Uint8Array
    validator_address: Uint8Array
    height: Long
    vote_extension: Uint8Array
  }
  namespace RequestVerifyVoteExtension {
    /** tendermint.abci.RequestVerifyVoteExtension, as fromObject and encode take it. */
    type Init = {
      hash?: Uint8Array | null | undefined
      validator_address?: Uint8Array | null | undefined
      height?: Long | number | string | bigint | null | undefined
      vote_extension?: Uint8Array | null | undefined
    }
  }
  /** tendermint.abci.RequestFinalizeBlock, decoded. */
  type RequestFinalizeBlock = {
    txs: Uint8Array[]
    decided_last_commit: ProtoTypes['tendermint.abci.CommitInfo'] | null
    misbehavior: ProtoTypes['tendermint.abci.Misbehavior'][]
    hash: Uint8Array
    height: Long
    time: ProtoTypes['google.protobuf.Timestamp'] | null
    next_validators_hash: Uint8Array
    proposer_address: Uint8Array
  }
  namespace RequestFinalizeBlock {
    /** tendermint.abci.RequestFinalizeBlock, as fromObject and encode take it. */
    type Init = {
      txs?: readonly Uint8Array[] | null | undefined
      decided_last_commit?: ProtoInits['tendermint.abci.CommitInfo'] | null | undefined
      misbehavior?: readonly ProtoInits['tendermint.abci.Misbehavior'][] | null | undefined
      hash?: Uint8Array | null | undefined
      height?: Long | number | string | bigint | null | undefined
      time?: ProtoInits['google.protobuf.Timestamp'] | null | undefined
      next_validators_hash?: Uint8Array | null | undefined
      proposer_address?: Uint8Array | null | undefined
    }
  }
  /** tendermint.abci.Response, decoded. */
  type Response = {
    exception: ProtoTypes['tendermint.abci.ResponseException'] | null
    echo: ProtoTypes['tendermint.abci.ResponseEcho'] | null
    flush: ProtoTypes['tendermint.abci.ResponseFlush'] | null
    info: ProtoTypes['tendermint.abci.ResponseInfo'] | null
    init_chain: ProtoTypes['tendermint.abci.ResponseInitChain'] | null
    query: ProtoTypes['tendermint.abci.ResponseQuery'] | null
    check_tx: ProtoTypes['tendermint.abci.ResponseCheckTx'] | null
    commit: ProtoTypes['tendermint.abci.ResponseCommit'] | null
    list_snapshots: ProtoTypes['tendermint.abci.ResponseListSnapshots'] | null
    offer_snapshot: ProtoTypes['tendermint.abci.ResponseOfferSnapshot'] | null
    load_snapshot_chunk: ProtoTypes['tendermint.abci.ResponseLoadSnapshotChunk'] | null
    apply_snapshot_chunk: ProtoTypes['tendermint.abci.ResponseApplySnapshotChunk'] | null
    prepare_proposal: ProtoTypes['tendermint.abci.ResponsePrepareProposal'] | null
    process_proposal: ProtoTypes['tendermint.abci.ResponseProcessProposal'] | null
    extend_vote: ProtoTypes['tendermint.abci.ResponseExtendVote'] | null
    verify_vote_extension: ProtoTypes['tendermint.abci.ResponseVerifyVoteExtension'] | null
    finalize_block: ProtoTypes['tendermint.abci.ResponseFinalizeBlock'] | null
    /** Which field of value is set (a getter). */
    readonly value?: 'exception' | 'echo' | 'flush' | 'info' | 'init_chain' | 'query' | 'check_tx' | 'commit' | 'list_snapshots' | 'offer_snapshot' | 'load_snapshot_chunk' | 'apply_snapshot_chunk' | 'prepare_proposal' | 'process_proposal' | 'extend_vote' | 'verify_vote_extension' | 'finalize_block' | undefined
  }
  namespace Response {
    /** tendermint.abci.Response, as fromObject and encode take it. */
    type Init = {
      exception?: ProtoInits['tendermint.abci.ResponseException'] | null | undefined
      echo?: ProtoInits['tendermint.abci.ResponseEcho'] | null | undefined
      flush?: ProtoInits['tendermint.abci.ResponseFlush'] | null | undefined
      info?: ProtoInits['tendermint.abci.ResponseInfo'] | null | undefined
      init_chain?: ProtoInits['tendermint.abci.ResponseInitChain'] | null | undefined
      query?: ProtoInits['tendermint.abci.ResponseQuery'] | null | undefined
      check_tx?: ProtoInits['tendermint.abci.ResponseCheckTx'] | null | undefined
      commit?: ProtoInits['tendermint.abci.ResponseCommit'] | null | undefined
      list_snapshots?: ProtoInits['tendermint.abci.ResponseListSnapshots'] | null | undefined
      offer_snapshot?: ProtoInits['tendermint.abci.ResponseOfferSnapshot'] | null | undefined
      load_snapshot_chunk?: ProtoInits['tendermint.abci.ResponseLoadSnapshotChunk'] | null | undefined
      apply_snapshot_chunk?: ProtoInits['tendermint.abci.ResponseApplySnapshotChunk'] | null | undefined
      prepare_proposal?: ProtoInits['tendermint.abci.ResponsePrepareProposal'] | null | undefined
      process_proposal?: ProtoInits['tendermint.abci.ResponseProcessProposal'] | null | undefined
      extend_vote?: ProtoInits['tendermint.abci.ResponseExtendVote'] | null | undefined
      verify_vote_extension?: ProtoInits['tendermint.abci.ResponseVerifyVoteExtension'] | null | undefined
      finalize_block?: ProtoInits['tendermint.abci.ResponseFinalizeBlock'] | null | undefined
    }
  }
  /** tendermint.abci.ResponseException, decoded. */
  type ResponseException = {
    error: string
  }
  namespace ResponseException {
    /** tendermint.abci.ResponseException, as fromObject and encode take it. */
    type Init = {
      error?: string | null | undefined
    }
  }
  /** tendermint.abci.ResponseEcho, decoded. */
  type ResponseEcho = {
    message: string
  }
  namespace ResponseEcho {
    /** tendermint.abci.ResponseEcho, as fromObject and encode take it. */
    type Init = {
      message?: string | null | undefined
    }
  }
  /** tendermint.abci.ResponseFlush, decoded. */
  type ResponseFlush = {
  }
  namespace ResponseFlush {
    /** tendermint.abci.ResponseFlush, as fromObject and encode take it. */
    type Init = {
    }
  }
  /** tendermint.abci.ResponseInfo, decoded. */
  type ResponseInfo = {
    data: string
    version: string
    app_version: Long
    last_block_height: Long
    last_block_app_hash: Uint8Array
  }
  namespace ResponseInfo {
    /** tendermint.abci.ResponseInfo, as fromObject and encode take it. */
    type Init = {
      data?: string | null | undefined
      version?: string | null | undefined
      app_version?: Long | number | string | bigint | null | undefined
      last_block_height?: Long | number | string | bigint | null | undefined
      last_block_app_hash?: Uint8Array | null | undefined
    }
  }
  /** tendermint.abci.ResponseInitChain, decoded. */
  type ResponseInitChain = {
    consensus_params: ProtoTypes['tendermint.types.ConsensusParams'] | null
    validators: ProtoTypes['tendermint.abci.ValidatorUpdate'][]
    app_hash: Uint8Array
  }
  namespace ResponseInitChain {
    /** tendermint.abci.ResponseInitChain, as fromObject and encode take it. */
    type Init = {
      consensus_params?: ProtoInits['tendermint.types.ConsensusParams'] | null | undefined
      validators?: readonly ProtoInits['tendermint.abci.ValidatorUpdate'][] | null | undefined
      app_hash?: Uint8Array | null | undefined
    }
  }
  /** tendermint.abci.ResponseQuery, decoded. */
  type ResponseQuery = {
    code: number
    log: string
    info: string
    index: Long
    key: Uint8Array
    value: Uint8Array
    proof_ops: ProtoTypes['tendermint.crypto.ProofOps'] | null
    height: Long
    codespace: string
  }
  namespace ResponseQuery {
    /** tendermint.abci.ResponseQuery, as fromObject and encode take it. */
    type Init = {
      code?: number | null | undefined
      log?: string | null | undefined
      info?: string | null | undefined
      index?: Long | number | string | bigint | null | undefined
      key?: Uint8Array | null | undefined
      value?: Uint8Array | null | undefined
      proof_ops?: ProtoInits['tendermint.crypto.ProofOps'] | null | undefined
      height?: Long | number | string | bigint | null | undefined
      codespace?: string | null | undefined
    }
  }
  /** tendermint.abci.ResponseCheckTx, decoded. */
  type ResponseCheckTx = {
    code: number
    data: Uint8Array
    log: string
    info: string
    gas_wanted: Long
    gas_used: Long
    events: ProtoTypes['tendermint.abci.Event'][]
    codespace: string
  }
  namespace ResponseCheckTx {
    /** tendermint.abci.ResponseCheckTx, as fromObject and encode take it. */
    type Init = {
      code?: number | null | undefined
      data?: Uint8Array | null | undefined
      log?: string | null | undefined
      info?: string | null | undefined
      gas_wanted?: Long | number | string | bigint | null | undefined
      gas_used?: Long | number | string | bigint | null | undefined
      events?: readonly ProtoInits['tendermint.abci.Event'][] | null | undefined
      codespace?: string | null | undefined
    }
  }
  /** tendermint.abci.ResponseCommit, decoded. */
  type ResponseCommit = {
    retain_height: Long
  }
  namespace ResponseCommit {
    /** tendermint.abci.ResponseCommit, as fromObject and encode take it. */
    type Init = {
      retain_height?: Long | number | string | bigint | null | undefined
    }
  }
  /** tendermint.abci.ResponseListSnapshots, decoded. */
  type ResponseListSnapshots = {
    snapshots: ProtoTypes['tendermint.abci.Snapshot'][]
  }
  namespace ResponseListSnapshots {
    /** tendermint.abci.ResponseListSnapshots, as fromObject and encode take it. */
    type Init = {
      snapshots?: readonly ProtoInits['tendermint.abci.Snapshot'][] | null | undefined
    }
  }
  /** tendermint.abci.ResponseOfferSnapshot, decoded. */
  type ResponseOfferSnapshot = {
    result: number
  }
  namespace ResponseOfferSnapshot {
    /** tendermint.abci.ResponseOfferSnapshot, as fromObject and encode take it. */
    type Init = {
      result?: number | ProtoEnumNames['tendermint.abci.ResponseOfferSnapshot.Result'] | null | undefined
    }
  }
  /** tendermint.abci.ResponseLoadSnapshotChunk, decoded. */
  type ResponseLoadSnapshotChunk = {
    chunk: Uint8Array
  }
  namespace ResponseLoadSnapshotChunk {
    /** tendermint.abci.ResponseLoadSnapshotChunk, as fromObject and encode take it. */
    type Init = {
      chunk?: Uint8Array | null | undefined
    }
  }
  /** tendermint.abci.ResponseApplySnapshotChunk, decoded. */
  type ResponseApplySnapshotChunk = {
    result: number
    refetch_chunks: number[]
    reject_senders: string[]
  }
  namespace ResponseApplySnapshotChunk {
    /** tendermint.abci.ResponseApplySnapshotChunk, as fromObject and encode take it. */
    type Init = {
      result?: number | ProtoEnumNames['tendermint.abci.ResponseApplySnapshotChunk.Result'] | null | undefined
      refetch_chunks?: readonly number[] | null | undefined
      reject_senders?: readonly string[] | null | undefined
    }
  }
  /** tendermint.abci.ResponsePrepareProposal, decoded. */
  type ResponsePrepareProposal = {
    txs: Uint8Array[]
  }
  namespace ResponsePrepareProposal {
    /** tendermint.abci.ResponsePrepareProposal, as fromObject and encode take it. */
    type Init = {
      txs?: readonly Uint8Array[] | null | undefined
    }
  }
  /** tendermint.abci.ResponseProcessProposal, decoded. */
  type ResponseProcessProposal = {
    status: number
  }
  namespace ResponseProcessProposal {
    /** tendermint.abci.ResponseProcessProposal, as fromObject and encode take it. */
    type Init = {
      status?: number | ProtoEnumNames['tendermint.abci.ResponseProcessProposal.ProposalStatus'] | null | undefined
    }
  }
  /** tendermint.abci.ResponseExtendVote, decoded. */
  type ResponseExtendVote = {
    vote_extension: Uint8Array
  }
  namespace ResponseExtendVote {
    /** tendermint.abci.ResponseExtendVote, as fromObject and encode take it. */
    type Init = {
      vote_extension?: Uint8Array | null | undefined
    }
  }
  /** tendermint.abci.ResponseVerifyVoteExtension, decoded. */
  type ResponseVerifyVoteExtension = {
    status: number
  }
  namespace ResponseVerifyVoteExtension {
    /** tendermint.abci.ResponseVerifyVoteExtension, as fromObject and encode take it. */
    type Init = {
      status?: number | ProtoEnumNames['tendermint.abci.ResponseVerifyVoteExtension.VerifyStatus'] | null | undefined
    }
  }
  /** tendermint.abci.ResponseFinalizeBlock, decoded. */
  type ResponseFinalizeBlock = {
    events: ProtoTypes['tendermint.abci.Event'][]
    tx_results: ProtoTypes['tendermint.abci.ExecTxResult'][]
    validator_updates: ProtoTypes['tendermint.abci.ValidatorUpdate'][]
    consensus_param_updates: ProtoTypes['tendermint.types.ConsensusParams'] | null
    app_hash: Uint8Array
  }
  namespace ResponseFinalizeBlock {
    /** tendermint.abci.ResponseFinalizeBlock, as fromObject and encode take it. */
    type Init = {
      events?: readonly ProtoInits['tendermint.abci.Event'][] | null | undefined
      tx_results?: readonly ProtoInits['tendermint.abci.ExecTxResult'][] | null | undefined
      validator_updates?: readonly ProtoInits['tendermint.abci.ValidatorUpdate'][] | null | undefined
      consensus_param_updates?: ProtoInits['tendermint.types.ConsensusParams'] | null | undefined
      app_hash?: Uint8Array | null | undefined
    }
  }
  /** tendermint.abci.CommitInfo, decoded. */
  type CommitInfo = {
    round: number
    votes: ProtoTypes['tendermint.abci.VoteInfo'][]
  }
  namespace CommitInfo {
    /** tendermint.abci.CommitInfo, as fromObject and encode take it. */
    type Init = {
      round?: number | null | undefined
      votes?: readonly ProtoInits['tendermint.abci.VoteInfo'][] | null | undefined
    }
  }
  /** tendermint.abci.ExtendedCommitInfo, decoded. */
  type ExtendedCommitInfo = {
    round: number
    votes: ProtoTypes['tendermint.abci.ExtendedVoteInfo'][]
  }
  namespace ExtendedCommitInfo {
    /** tendermint.abci.ExtendedCommitInfo, as fromObject and encode take it. */
    type Init = {
      round?: number | null | undefined
      votes?: readonly ProtoInits['tendermint.abci.ExtendedVoteInfo'][] | null | undefined
    }
  }
  /** tendermint.abci.Validator, decoded. */
  type Validator = {
    address: Uint8Array
    power: Long
  }
  namespace Validator {
    /** tendermint.abci.Validator, as fromObject and encode take it. */
    type Init = {
      address?: Uint8Array | null | undefined
      power?: Long | number | string | bigint | null | undefined
    }
  }
  /** tendermint.abci.VoteInfo, decoded. */
  type VoteInfo = {
    validator: ProtoTypes['tendermint.abci.Validator'] | null
    block_id_flag: number
  }
  namespace VoteInfo {
    /** tendermint.abci.VoteInfo, as fromObject and encode take it. */
    type Init = {
      validator?: ProtoInits['tendermint.abci.Validator'] | null | undefined
      block_id_flag?: number | ProtoEnumNames['tendermint.types.BlockIDFlag'] | null | undefined
    }
  }
  /** tendermint.abci.ExtendedVoteInfo, decoded. */
  type ExtendedVoteInfo = {
    validator: ProtoTypes['tendermint.abci.Validator'] | null
    vote_extension: Uint8Array
    extension_signature: Uint8Array
    block_id_flag: number
  }
  namespace ExtendedVoteInfo {
    /** tendermint.abci.ExtendedVoteInfo, as fromObject and encode take it. */
    type Init = {
      validator?: ProtoInits['tendermint.abci.Validator'] | null | undefined
      vote_extension?: Uint8Array | null | undefined
      extension_signature?: Uint8Array | null | undefined
      block_id_flag?: number | ProtoEnumNames['tendermint.types.BlockIDFlag'] | null | undefined
    }
  }
  /** tendermint.abci.Misbehavior, decoded. */
  type Misbehavior = {
    type: number
    validator: ProtoTypes['tendermint.abci.Validator'] | null
    height: Long
    time: ProtoTypes['google.protobuf.Timestamp'] | null
    total_voting_power: Long
  }
  namespace Misbehavior {
    /** tendermint.abci.Misbehavior, as fromObject and encode take it. */
    type Init = {
      type?: number | ProtoEnumNames['tendermint.abci.MisbehaviorType'] | null | undefined
      validator?: ProtoInits['tendermint.abci.Validator'] | null | undefined
      height?: Long | number | string | bigint | null | undefined
      time?: ProtoInits['google.protobuf.Timestamp'] | null | undefined
      total_voting_power?: Long | number | string | bigint | null | undefined
    }
  }
  /** tendermint.abci.Snapshot, decoded. */
  type Snapshot = {
    height: Long
    format: number
    chunks: number
    hash: Uint8Array
    metadata: Uint8Array
  }
  namespace Snapshot {
    /** tendermint.abci.Snapshot, as fromObject and encode take it. */
    type Init = {
      height?: Long | number | string | bigint | null | undefined
      format?: number | null | undefined
      chunks?: number | null | undefined
      hash?: Uint8Array | null | undefined
      metadata?: Uint8Array | null | undefined
    }
  }
}

export declare namespace tendermint.crypto {
  /** tendermint.crypto.PublicKey, decoded. */
  type PublicKey = {
    ed25519: Uint8Array
    secp256k1: Uint8Array
    /** Which field of sum is set (a getter). */
    readonly sum?: 'ed25519' | 'secp256k1' | undefined
  }
  namespace PublicKey {
    /** tendermint.crypto.PublicKey, as fromObject and encode take it. */
    type Init = {
      ed25519?: Uint8Array | null | undefined
      secp256k1?: Uint8Array | null | undefined
    }
  }
  /** tendermint.crypto.ProofOp, decoded. */
  type ProofOp = {
    type: string
    key: Uint8Array
    data: Uint8Array
  }
  namespace ProofOp {
    /** tendermint.crypto.ProofOp, as fromObject and encode take it. */
    type Init = {
      type?: string | null | undefined
      key?: Uint8Array | null | undefined
      data?: Uint8Array | null | undefined
    }
  }
  /** tendermint.crypto.ProofOps, decoded. */
  type ProofOps = {
    ops: ProtoTypes['tendermint.crypto.ProofOp'][]
  }
  namespace ProofOps {
    /** tendermint.crypto.ProofOps, as fromObject and encode take it. */
    type Init = {
      ops?: readonly ProtoInits['tendermint.crypto.ProofOp'][] | null | undefined
    }
  }
}

export declare namespace tendermint.p2p {
  /** tendermint.p2p.ProtocolVersion, decoded. */
  type ProtocolVersion = {
    p2p: Long
    block: Long
    app: Long
  }
  namespace ProtocolVersion {
    /** tendermint.p2p.ProtocolVersion, as fromObject and encode take it. */
    type Init = {
      p2p?: Long | number | string | bigint | null | undefined
      block?: Long | number | string | bigint | null | undefined
      app?: Long | number | string | bigint | null | undefined
    }
  }
  /** tendermint.p2p.DefaultNodeInfoOther, decoded. */
  type DefaultNodeInfoOther = {
    tx_index: string
    rpc_address: string
  }
  namespace DefaultNodeInfoOther {
    /** tendermint.p2p.DefaultNodeInfoOther, as fromObject and encode take it. */
    type Init = {
      tx_index?: string | null | undefined
      rpc_address?: string | null | undefined
    }
  }
  /** tendermint.p2p.DefaultNodeInfo, decoded. */
  type DefaultNodeInfo = {
    protocol_version: ProtoTypes['tendermint.p2p.ProtocolVersion'] | null
    default_node_id: string
    listen_addr: string
    network: string
    version: string
    channels: Uint8Array
    moniker: string
    other: ProtoTypes['tendermint.p2p.DefaultNodeInfoOther'] | null
  }
  namespace DefaultNodeInfo {
    /** tendermint.p2p.DefaultNodeInfo, as fromObject and encode take it. */
    type Init = {
      protocol_version?: ProtoInits['tendermint.p2p.ProtocolVersion'] | null | undefined
      default_node_id?: string | null | undefined
      listen_addr?: string | null | undefined
      network?: string | null | undefined
      version?: string | null | undefined
      channels?: Uint8Array | null | undefined
      moniker?: string | null | undefined
      other?: ProtoInits['tendermint.p2p.DefaultNodeInfoOther'] | null | undefined
    }
  }
}

export declare namespace tendermint.types {
  /** tendermint.types.HashedParams, decoded. */
  type HashedParams = {
    block_max_bytes: Long
    block_max_gas: Long
  }
  namespace HashedParams {
    /** tendermint.types.HashedParams, as fromObject and encode take it. */
    type Init = {
      block_max_bytes?: Long | number | string | bigint | null | undefined
      block_max_gas?: Long | number | string | bigint | null | undefined
    }
  }
  /** tendermint.types.ConsensusParams, decoded. */
  type ConsensusParams = {
    block: ProtoTypes['tendermint.types.BlockParams'] | null
    evidence: ProtoTypes['tendermint.types.EvidenceParams'] | null
    validator: ProtoTypes['tendermint.types.ValidatorParams'] | null
    version: ProtoTypes['tendermint.types.VersionParams'] | null
    abci: ProtoTypes['tendermint.types.ABCIParams'] | null
  }
  namespace ConsensusParams {
    /** tendermint.types.ConsensusParams, as fromObject and encode take it. */
    type Init = {
      block?: ProtoInits['tendermint.types.BlockParams'] | null | undefined
      evidence?: ProtoInits['tendermint.types.EvidenceParams'] | null | undefined
      validator?: ProtoInits['tendermint.types.ValidatorParams'] | null | undefined
      version?: ProtoInits['tendermint.types.VersionParams'] | null | undefined
      abci?: ProtoInits['tendermint.types.ABCIParams'] | null | undefined
    }
  }
  /** tendermint.types.BlockParams, decoded. */
  type BlockParams = {
    max_bytes: Long
    max_gas: Long
  }
  namespace BlockParams {
    /** tendermint.types.BlockParams, as fromObject and encode take it. */
    type Init = {
      max_bytes?: Long | number | string | bigint | null | undefined
      max_gas?: Long | number | string | bigint | null | undefined
    }
  }
  /** tendermint.types.EvidenceParams, decoded. */
  type EvidenceParams = {
    max_age_num_blocks: Long
    max_age_duration: ProtoTypes['google.protobuf.Duration'] | null
    max_bytes: Long
  }
  namespace EvidenceParams {
    /** tendermint.types.EvidenceParams, as fromObject and encode take it. */
    type Init = {
      max_age_num_blocks?: Long | number | string | bigint | null | undefined
      max_age_duration?: ProtoInits['google.protobuf.Duration'] | null | undefined
      max_bytes?: Long | number | string | bigint | null | undefined
    }
  }
  /** tendermint.types.ValidatorParams, decoded. */
  type ValidatorParams = {
    pub_key_types: string[]
  }
  namespace ValidatorParams {
    /** tendermint.types.ValidatorParams, as fromObject and encode take it. */
    type Init = {
      pub_key_types?: readonly string[] | null | undefined
    }
  }
  /** tendermint.types.VersionParams, decoded. */
  type VersionParams = {
    app: Long
  }
  namespace VersionParams {
    /** tendermint.types.VersionParams, as fromObject and encode take it. */
    type Init = {
      app?: Long | number | string | bigint | null | undefined
    }
  }
  /** tendermint.types.ABCIParams, decoded. */
  type ABCIParams = {
    vote_extensions_enable_height: Long
  }
  namespace ABCIParams {
    /** tendermint.types.ABCIParams, as fromObject and encode take it. */
    type Init = {
      vote_extensions_enable_height?: Long | number | string | bigint | null | undefined
    }
  }
  /** tendermint.types.PartSetHeader, decoded. */
  type PartSetHeader = {
    total: number
    hash: Uint8Array
  }
  namespace PartSetHeader {
    /** tendermint.types.PartSetHeader, as fromObject and encode take it. */
    type Init = {
      total?: number | null | undefined
      hash?: Uint8Array | null | undefined
    }
  }
  /** tendermint.types.BlockID, decoded. */
  type BlockID = {
    hash: Uint8Array
    part_set_header: ProtoTypes['tendermint.types.PartSetHeader'] | null
  }
  namespace BlockID {
    /** tendermint.types.BlockID, as fromObject and encode take it. */
    type Init = {
      hash?: Uint8Array | null | undefined
      part_set_header?: ProtoInits['tendermint.types.PartSetHeader'] | null | undefined
    }
  }
  /** tendermint.types.Header, decoded. */
  type Header = {
    version: ProtoTypes['tendermint.version.Consensus'] | null
    chain_id: string
    height: Long
    time: ProtoTypes['google.protobuf.Timestamp'] | null
    last_block_id: ProtoTypes['tendermint.types.BlockID'] | null
    last_commit_hash: Uint8Array
    data_hash: Uint8Array
    validators_hash: Uint8Array
    next_validators_hash: Uint8Array
    consensus_hash: Uint8Array
    app_hash: Uint8Array
    last_results_hash: Uint8Array
    evidence_hash: Uint8Array
    proposer_address: Uint8Array
  }
  namespace Header {
    /** tendermint.types.Header, as fromObject and encode take it. */
    type Init = {
      version?: ProtoInits['tendermint.version.Consensus'] | null | undefined
      chain_id?: string | null | undefined
      height?: Long | number | string | bigint | null | undefined
      time?: ProtoInits['google.protobuf.Timestamp'] | null | undefined
      last_block_id?: ProtoInits['tendermint.types.BlockID'] | null | undefined
      last_commit_hash?: Uint8Array | null | undefined
      data_hash?: Uint8Array | null | undefined
      validators_hash?: Uint8Array | null | undefined
      next_validators_hash?: Uint8Array | null | undefined
      consensus_hash?: Uint8Array | null | undefined
      app_hash?: Uint8Array | null | undefined
      last_results_hash?: Uint8Array | null | undefined
      evidence_hash?: Uint8Array | null | undefined
      proposer_address?: Uint8Array | null | undefined
    }
  }
  /** tendermint.types.Data, decoded. */
  type Data = {
    txs: Uint8Array[]
  }
  namespace Data {
    /** tendermint.types.Data, as fromObject and encode take it. */
    type Init = {
      txs?: readonly Uint8Array[] | null | undefined
    }
  }
  /** tendermint.types.Commit, decoded. */
  type Commit = {
    height: Long
    round: number
    block_id: ProtoTypes['tendermint.types.BlockID'] | null
    signatures: ProtoTypes['tendermint.types.CommitSig'][]
  }
  namespace Commit {
    /** tendermint.types.Commit, as fromObject and encode take it. */
    type Init = {
      height?: Long | number | string | bigint | null | undefined
      round?: number | null | undefined
      block_id?: ProtoInits['tendermint.types.BlockID'] | null | undefined
      signatures?: readonly ProtoInits['tendermint.types.CommitSig'][] | null | undefined
    }
  }
  /** tendermint.types.CommitSig, decoded. */
  type CommitSig = {
    block_id_flag: number
    validator_address: Uint8Array
    timestamp: ProtoTypes['google.protobuf.Timestamp'] | null
    signature: Uint8Array
  }
  namespace CommitSig {
    /** tendermint.types.CommitSig, as fromObject and encode take it. */
    type Init = {
      block_id_flag?: number | ProtoEnumNames['tendermint.types.BlockIDFlag'] | null | undefined
      validator_address?: Uint8Array | null | undefined
      timestamp?: ProtoInits['google.protobuf.Timestamp'] | null | undefined
      signature?: Uint8Array | null | undefined
    }
  }
  /** tendermint.types.Evidence, decoded. */
  type Evidence = {
    duplicate_vote_evidence: ProtoTypes['tendermint.types.DuplicateVoteEvidence'] | null
    light_client_attack_evidence: ProtoTypes['tendermint.types.LightClientAttackEvidence'] | null
    /** Which field of sum is set (a getter). */
    readonly sum?: 'duplicate_vote_evidence' | 'light_client_attack_evidence' | undefined
  }
  namespace Evidence {
    /** tendermint.types.Evidence, as fromObject and encode take it. */
    type Init = {
      duplicate_vote_evidence?: ProtoInits['tendermint.types.DuplicateVoteEvidence'] | null | undefined
      light_client_attack_evidence?: ProtoInits['tendermint.types.LightClientAttackEvidence'] | null | undefined
    }
  }
  /** tendermint.types.LightClientAttackEvidence, decoded. */
  type LightClientAttackEvidence = {
    conflicting_block: ProtoTypes['tendermint.types.LightBlock'] | null
    common_height: Long
    byzantine_validators: ProtoTypes['tendermint.types.Validator'][]
    total_voting_power: Long
    timestamp: ProtoTypes['google.protobuf.Timestamp'] | null
  }
  namespace LightClientAttackEvidence {
    /** tendermint.types.LightClientAttackEvidence, as fromObject and encode take it. */
    type Init = {
      conflicting_block?: ProtoInits['tendermint.types.LightBlock'] | null | undefined
      common_height?: Long | number | string | bigint | null | undefined
      byzantine_validators?: readonly ProtoInits['tendermint.types.Validator'][] | null | undefined
      total_voting_power?: Long | number | string | bigint | null | undefined
      timestamp?: ProtoInits['google.protobuf.Timestamp'] | null | undefined
    }
  }
  /** tendermint.types.LightBlock, decoded. */
  type LightBlock = {
    signed_header: ProtoTypes['tendermint.types.SignedHeader'] | null
    validator_set: ProtoTypes['tendermint.types.ValidatorSet'] | null
  }
  namespace LightBlock {
    /** tendermint.types.LightBlock, as fromObject and encode take it. */
    type Init = {
      signed_header?: ProtoInits['tendermint.types.SignedHeader'] | null | undefined
      validator_set?: ProtoInits['tendermint.types.ValidatorSet'] | null | undefined
    }
  }
  /** tendermint.types.SignedHeader, decoded. */
  type SignedHeader = {
    header: ProtoTypes['tendermint.types.Header'] | null
    commit: ProtoTypes['tendermint.types.Commit'] | null
  }
  namespace SignedHeader {
    /** tendermint.types.SignedHeader, as fromObject and encode take it. */
    type Init = {
      header?: ProtoInits['tendermint.types.Header'] | null | undefined
      commit?: ProtoInits['tendermint.types.Commit'] | null | undefined
    }
  }
  /** tendermint.types.ValidatorSet, decoded. */
  type ValidatorSet = {
    validators: ProtoTypes['tendermint.types.Validator'][]
    proposer: ProtoTypes['tendermint.types.Validator'] | null
    total_voting_power: Long
  }
  namespace ValidatorSet {
    /** tendermint.types.ValidatorSet, as fromObject and encode take it. */
    type Init = {
      validators?: readonly ProtoInits['tendermint.types.Validator'][] | null | undefined
      proposer?: ProtoInits['tendermint.types.Validator'] | null | undefined
      total_voting_power?: Long | number | string | bigint | null | undefined
    }
  }
  /** tendermint.types.Validator, decoded. */
  type Validator = {
    address: Uint8Array
    pub_key: ProtoTypes['tendermint.crypto.PublicKey'] | null
    voting_power: Long
    proposer_priority: Long
  }
  namespace Validator {
    /** tendermint.types.Validator, as fromObject and encode take it. */
    type Init = {
      address?: Uint8Array | null | undefined
      pub_key?: ProtoInits['tendermint.crypto.PublicKey'] | null | undefined
      voting_power?: Long | number | string | bigint | null | undefined
      proposer_priority?: Long | number | string | bigint | null | undefined
    }
  }
  /** tendermint.types.DuplicateVoteEvidence, decoded. */
  type DuplicateVoteEvidence = {
    vote_a: ProtoTypes['tendermint.types.Vote'] | null
    vote_b: ProtoTypes['tendermint.types.Vote'] | null
    total_voting_power: Long
    validator_power: Long
    timestamp: ProtoTypes['google.protobuf.Timestamp'] | null
  }
  namespace DuplicateVoteEvidence {
    /** tendermint.types.DuplicateVoteEvidence, as fromObject and encode take it. */
    type Init = {
      vote_a?: ProtoInits['tendermint.types.Vote'] | null | undefined
      vote_b?: ProtoInits['tendermint.types.Vote'] | null | undefined
      total_voting_power?: Long | number | string | bigint | null | undefined
      validator_power?: Long | number | string | bigint | null | undefined
      timestamp?: ProtoInits['google.protobuf.Timestamp'] | null | undefined
    }
  }
  /** tendermint.types.Vote, decoded. */
  type Vote = {
    type: number
    height: Long
    round: number
    block_id: ProtoTypes['tendermint.types.BlockID'] | null
    timestamp: ProtoTypes['google.protobuf.Timestamp'] | null
    validator_address: Uint8Array
    validator_index: number
    signature: Uint8Array
    extension: Uint8Array
    extension_signature: Uint8Array
  }
  namespace Vote {
    /** tendermint.types.Vote, as fromObject and encode take it. */
    type Init = {
      type?: number | ProtoEnumNames['tendermint.types.SignedMsgType'] | null | undefined
      height?: Long | number | string | bigint | null | undefined
      round?: number | null | undefined
      block_id?: ProtoInits['tendermint.types.BlockID'] | null | undefined
      timestamp?: ProtoInits['google.protobuf.Timestamp'] | null | undefined
      validator_address?: Uint8Array | null | undefined
      validator_index?: number | null | undefined
      signature?: Uint8Array | null | undefined
      extension?: Uint8Array | null | undefined
      extension_signature?: Uint8Array | null | undefined
    }
  }
  /** tendermint.types.EvidenceList, decoded. */
  type EvidenceList = {
    evidence: ProtoTypes['tendermint.types.Evidence'][]
  }
  namespace EvidenceList {
    /** tendermint.types.EvidenceList, as fromObject and encode take it. */
    type Init = {
      evidence?: readonly ProtoInits['tendermint.types.Evidence'][] | null | undefined
    }
  }
  /** tendermint.types.Block, decoded. */
  type Block = {
    header: ProtoTypes['tendermint.types.Header'] | null
    data: ProtoTypes['tendermint.types.Data'] | null
    evidence: ProtoTypes['tendermint.types.EvidenceList'] | null
    last_commit: ProtoTypes['tendermint.types.Commit'] | null
  }
  namespace Block {
    /** tendermint.types.Block, as fromObject and encode take it. */
    type Init = {
      header?: ProtoInits['tendermint.types.Header'] | null | undefined
      data?: ProtoInits['tendermint.types.Data'] | null | undefined
      evidence?: ProtoInits['tendermint.types.EvidenceList'] | null | undefined
      last_commit?: ProtoInits['tendermint.types.Commit'] | null | undefined
    }
  }
  /** tendermint.types.CanonicalPartSetHeader, decoded. */
  type CanonicalPartSetHeader = {
    total: number
    hash: Uint8Array
  }
  namespace CanonicalPartSetHeader {
    /** tendermint.types.CanonicalPartSetHeader, as fromObject and encode take it. */
    type Init = {
      total?: number | null | undefined
      hash?: Uint8Array | null | undefined
    }
  }
  /** tendermint.types.CanonicalBlockID, decoded. */
  type CanonicalBlockID = {
    hash: Uint8Array
    part_set_header: ProtoTypes['tendermint.types.CanonicalPartSetHeader'] | null
  }
  namespace CanonicalBlockID {
    /** tendermint.types.CanonicalBlockID, as fromObject and encode take it. */
    type Init = {
      hash?: Uint8Array | null | undefined
      part_set_header?: ProtoInits['tendermint.types.CanonicalPartSetHeader'] | null | undefined
    }
  }
  /** tendermint.types.CanonicalVote, decoded. */
  type CanonicalVote = {
    type: number
    height: Long
    round: Long
    block_id: ProtoTypes['tendermint.types.CanonicalBlockID'] | null
    timestamp: ProtoTypes['google.protobuf.Timestamp'] | null
    chain_id: string
  }
  namespace CanonicalVote {
    /** tendermint.types.CanonicalVote, as fromObject and encode take it. */
    type Init = {
      type?: number | ProtoEnumNames['tendermint.types.SignedMsgType'] | null | undefined
      height?: Long | number | string | bigint | null | undefined
      round?: Long | number | string | bigint | null | undefined
      block_id?: ProtoInits['tendermint.types.CanonicalBlockID'] | null | undefined
      timestamp?: ProtoInits['google.protobuf.Timestamp'] | null | undefined
      chain_id?: string | null | undefined
    }
  }
  /** tendermint.types.SimpleValidator, decoded. */
  type SimpleValidator = {
    pub_key: ProtoTypes['tendermint.crypto.PublicKey'] | null
    voting_power: Long
  }
  namespace SimpleValidator {
    /** tendermint.types.SimpleValidator, as fromObject and encode take it. */
    type Init = {
      pub_key?: ProtoInits['tendermint.crypto.PublicKey'] | null | undefined
      voting_power?: Long | number | string | bigint | null | undefined
    }
  }
}

export declare namespace tendermint.version {
  /** tendermint.version.Consensus, decoded. */
  type Consensus = {
    block: Long
    app: Long
  }
  namespace Consensus {
    /** tendermint.version.Consensus, as fromObject and encode take it. */
    type Init = {
      block?: Long | number | string | bigint | null | undefined
      app?: Long | number | string | bigint | null | undefined
    }
  }
}

/** Every message, decoded, by its canonical full name. */
export interface ProtoTypes {
  'google.protobuf.Any': google.protobuf.Any
  'google.protobuf.Duration': google.protobuf.Duration
  'google.protobuf.Empty': google.protobuf.Empty
  'google.protobuf.Timestamp': google.protobuf.Timestamp
  'google.protobuf.DoubleValue': google.protobuf.DoubleValue
  'google.protobuf.FloatValue': google.protobuf.FloatValue
  'google.protobuf.Int64Value': google.protobuf.Int64Value
  'google.protobuf.UInt64Value': google.protobuf.UInt64Value
  'google.protobuf.Int32Value': google.protobuf.Int32Value
  'google.protobuf.UInt32Value': google.protobuf.UInt32Value
  'google.protobuf.BoolValue': google.protobuf.BoolValue
  'google.protobuf.StringValue': google.protobuf.StringValue
  'google.protobuf.BytesValue': google.protobuf.BytesValue
  'google.protobuf.FileDescriptorSet': google.protobuf.FileDescriptorSet
  'google.protobuf.FileDescriptorProto': google.protobuf.FileDescriptorProto
  'google.protobuf.DescriptorProto': google.protobuf.DescriptorProto
  'google.protobuf.DescriptorProto.ExtensionRange': google.protobuf.DescriptorProto.ExtensionRange
  'google.protobuf.DescriptorProto.ReservedRange': google.protobuf.DescriptorProto.ReservedRange
  'google.protobuf.ExtensionRangeOptions': google.protobuf.ExtensionRangeOptions
  'google.protobuf.ExtensionRangeOptions.Declaration': google.protobuf.ExtensionRangeOptions.Declaration
  'google.protobuf.FieldDescriptorProto': google.protobuf.FieldDescriptorProto
  'google.protobuf.OneofDescriptorProto': google.protobuf.OneofDescriptorProto
  'google.protobuf.EnumDescriptorProto': google.protobuf.EnumDescriptorProto
  'google.protobuf.EnumDescriptorProto.EnumReservedRange': google.protobuf.EnumDescriptorProto.EnumReservedRange
  'google.protobuf.EnumValueDescriptorProto': google.protobuf.EnumValueDescriptorProto
  'google.protobuf.ServiceDescriptorProto': google.protobuf.ServiceDescriptorProto
  'google.protobuf.MethodDescriptorProto': google.protobuf.MethodDescriptorProto
  'google.protobuf.FileOptions': google.protobuf.FileOptions
  'google.protobuf.MessageOptions': google.protobuf.MessageOptions
  'google.protobuf.FieldOptions': google.protobuf.FieldOptions
  'google.protobuf.FieldOptions.EditionDefault': google.protobuf.FieldOptions.EditionDefault
  'google.protobuf.FieldOptions.FeatureSupport': google.protobuf.FieldOptions.FeatureSupport
  'google.protobuf.OneofOptions': google.protobuf.OneofOptions
  'google.protobuf.EnumOptions': google.protobuf.EnumOptions
  'google.protobuf.EnumValueOptions': google.protobuf.EnumValueOptions
  'google.protobuf.ServiceOptions': google.protobuf.ServiceOptions
  'google.protobuf.MethodOptions': google.protobuf.MethodOptions
  'google.protobuf.UninterpretedOption': google.protobuf.UninterpretedOption
  'google.protobuf.UninterpretedOption.NamePart': google.protobuf.UninterpretedOption.NamePart
  'google.protobuf.FeatureSet': google.protobuf.FeatureSet
  'google.protobuf.FeatureSet.VisibilityFeature': google.protobuf.FeatureSet.VisibilityFeature
  'google.protobuf.FeatureSet.ProtoLimitsFeature': google.protobuf.FeatureSet.ProtoLimitsFeature
  'google.protobuf.FeatureSetDefaults': google.protobuf.FeatureSetDefaults
  'google.protobuf.FeatureSetDefaults.FeatureSetEditionDefault': google.protobuf.FeatureSetDefaults.FeatureSetEditionDefault
  'google.protobuf.SourceCodeInfo': google.protobuf.SourceCodeInfo
  'google.protobuf.SourceCodeInfo.Location': google.protobuf.SourceCodeInfo.Location
  'google.protobuf.GeneratedCodeInfo': google.protobuf.GeneratedCodeInfo
  'google.protobuf.GeneratedCodeInfo.Annotation': google.protobuf.GeneratedCodeInfo.Annotation
  'google.api.HttpRule': google.api.HttpRule
  'google.api.CustomHttpPattern': google.api.CustomHttpPattern
  'grpc.reflection.v1.ServerReflectionRequest': grpc.reflection.v1.ServerReflectionRequest
  'grpc.reflection.v1.ExtensionRequest': grpc.reflection.v1.ExtensionRequest
  'grpc.reflection.v1.ServerReflectionResponse': grpc.reflection.v1.ServerReflectionResponse
  'grpc.reflection.v1.FileDescriptorResponse': grpc.reflection.v1.FileDescriptorResponse
  'grpc.reflection.v1.ExtensionNumberResponse': grpc.reflection.v1.ExtensionNumberResponse
  'grpc.reflection.v1.ListServiceResponse': grpc.reflection.v1.ListServiceResponse
  'grpc.reflection.v1.ServiceResponse': grpc.reflection.v1.ServiceResponse
  'grpc.reflection.v1.ErrorResponse': grpc.reflection.v1.ErrorResponse
  'grpc.reflection.v1alpha.ServerReflectionRequest': grpc.reflection.v1alpha.ServerReflectionRequest
  'grpc.reflection.v1alpha.ExtensionRequest': grpc.reflection.v1alpha.ExtensionRequest
  'grpc.reflection.v1alpha.ServerReflectionResponse': grpc.reflection.v1alpha.ServerReflectionResponse
  'grpc.reflection.v1alpha.FileDescriptorResponse': grpc.reflection.v1alpha.FileDescriptorResponse
  'grpc.reflection.v1alpha.ExtensionNumberResponse': grpc.reflection.v1alpha.ExtensionNumberResponse
  'grpc.reflection.v1alpha.ListServiceResponse': grpc.reflection.v1alpha.ListServiceResponse
  'grpc.reflection.v1alpha.ServiceResponse': grpc.reflection.v1alpha.ServiceResponse
  'grpc.reflection.v1alpha.ErrorResponse': grpc.reflection.v1alpha.ErrorResponse
  'sdk.auth.v1beta1.BaseAccount': sdk.auth.v1beta1.BaseAccount
  'sdk.auth.v1beta1.ModuleAccount': sdk.auth.v1beta1.ModuleAccount
  'sdk.auth.v1beta1.Params': sdk.auth.v1beta1.Params
  'sdk.auth.v1beta1.GenesisState': sdk.auth.v1beta1.GenesisState
  'sdk.auth.v1beta1.QueryAccountsRequest': sdk.auth.v1beta1.QueryAccountsRequest
  'sdk.auth.v1beta1.QueryAccountsResponse': sdk.auth.v1beta1.QueryAccountsResponse
  'sdk.auth.v1beta1.QueryAccountRequest': sdk.auth.v1beta1.QueryAccountRequest
  'sdk.auth.v1beta1.QueryAccountResponse': sdk.auth.v1beta1.QueryAccountResponse
  'sdk.auth.v1beta1.QueryParamsRequest': sdk.auth.v1beta1.QueryParamsRequest
  'sdk.auth.v1beta1.QueryParamsResponse': sdk.auth.v1beta1.QueryParamsResponse
  'sdk.auth.v1beta1.QueryModuleAccountsRequest': sdk.auth.v1beta1.QueryModuleAccountsRequest
  'sdk.auth.v1beta1.QueryModuleAccountsResponse': sdk.auth.v1beta1.QueryModuleAccountsResponse
  'sdk.auth.v1beta1.QueryModuleAccountByNameRequest': sdk.auth.v1beta1.QueryModuleAccountByNameRequest
  'sdk.auth.v1beta1.QueryModuleAccountByNameResponse': sdk.auth.v1beta1.QueryModuleAccountByNameResponse
  'sdk.auth.v1beta1.Bech32PrefixRequest': sdk.auth.v1beta1.Bech32PrefixRequest
  'sdk.auth.v1beta1.Bech32PrefixResponse': sdk.auth.v1beta1.Bech32PrefixResponse
  'sdk.auth.v1beta1.AddressBytesToStringRequest': sdk.auth.v1beta1.AddressBytesToStringRequest
  'sdk.auth.v1beta1.AddressBytesToStringResponse': sdk.auth.v1beta1.AddressBytesToStringResponse
  'sdk.auth.v1beta1.AddressStringToBytesRequest': sdk.auth.v1beta1.AddressStringToBytesRequest
  'sdk.auth.v1beta1.AddressStringToBytesResponse': sdk.auth.v1beta1.AddressStringToBytesResponse
  'sdk.auth.v1beta1.QueryAccountAddressByIDRequest': sdk.auth.v1beta1.QueryAccountAddressByIDRequest
  'sdk.auth.v1beta1.QueryAccountAddressByIDResponse': sdk.auth.v1beta1.QueryAccountAddressByIDResponse
  'sdk.auth.v1beta1.QueryAccountInfoRequest': sdk.auth.v1beta1.QueryAccountInfoRequest
  'sdk.auth.v1beta1.QueryAccountInfoResponse': sdk.auth.v1beta1.QueryAccountInfoResponse
  'sdk.auth.v1beta1.MsgUpdateParams': sdk.auth.v1beta1.MsgUpdateParams
  'sdk.auth.v1beta1.MsgUpdateParamsResponse': sdk.auth.v1beta1.MsgUpdateParamsResponse
  'sdk.autocli.v1.ModuleOptions': sdk.autocli.v1.ModuleOptions
  'sdk.autocli.v1.ServiceCommandDescriptor': sdk.autocli.v1.ServiceCommandDescriptor
  'sdk.autocli.v1.RpcCommandOptions': sdk.autocli.v1.RpcCommandOptions
  'sdk.autocli.v1.FlagOptions': sdk.autocli.v1.FlagOptions
  'sdk.autocli.v1.PositionalArgDescriptor': sdk.autocli.v1.PositionalArgDescriptor
  'sdk.autocli.v1.AppOptionsRequest': sdk.autocli.v1.AppOptionsRequest
  'sdk.autocli.v1.AppOptionsResponse': sdk.autocli.v1.AppOptionsResponse
  'sdk.bank.v1beta1.Params': sdk.bank.v1beta1.Params
  'sdk.bank.v1beta1.SendEnabled': sdk.bank.v1beta1.SendEnabled
  'sdk.bank.v1beta1.Input': sdk.bank.v1beta1.Input
  'sdk.bank.v1beta1.Output': sdk.bank.v1beta1.Output
  'sdk.bank.v1beta1.Supply': sdk.bank.v1beta1.Supply
  'sdk.bank.v1beta1.DenomUnit': sdk.bank.v1beta1.DenomUnit
  'sdk.bank.v1beta1.Metadata': sdk.bank.v1beta1.Metadata
  'sdk.bank.v1beta1.GenesisState': sdk.bank.v1beta1.GenesisState
  'sdk.bank.v1beta1.Balance': sdk.bank.v1beta1.Balance
  'sdk.bank.v1beta1.QueryBalanceRequest': sdk.bank.v1beta1.QueryBalanceRequest
  'sdk.bank.v1beta1.QueryBalanceResponse': sdk.bank.v1beta1.QueryBalanceResponse
  'sdk.bank.v1beta1.QueryAllBalancesRequest': sdk.bank.v1beta1.QueryAllBalancesRequest
  'sdk.bank.v1beta1.QueryAllBalancesResponse': sdk.bank.v1beta1.QueryAllBalancesResponse
  'sdk.bank.v1beta1.QuerySpendableBalancesRequest': sdk.bank.v1beta1.QuerySpendableBalancesRequest
  'sdk.bank.v1beta1.QuerySpendableBalancesResponse': sdk.bank.v1beta1.QuerySpendableBalancesResponse
  'sdk.bank.v1beta1.QuerySpendableBalanceByDenomRequest': sdk.bank.v1beta1.QuerySpendableBalanceByDenomRequest
  'sdk.bank.v1beta1.QuerySpendableBalanceByDenomResponse': sdk.bank.v1beta1.QuerySpendableBalanceByDenomResponse
  'sdk.bank.v1beta1.QueryTotalSupplyRequest': sdk.bank.v1beta1.QueryTotalSupplyRequest
  'sdk.bank.v1beta1.QueryTotalSupplyResponse': sdk.bank.v1beta1.QueryTotalSupplyResponse
  'sdk.bank.v1beta1.QuerySupplyOfRequest': sdk.bank.v1beta1.QuerySupplyOfRequest
  'sdk.bank.v1beta1.QuerySupplyOfResponse': sdk.bank.v1beta1.QuerySupplyOfResponse
  'sdk.bank.v1beta1.QueryParamsRequest': sdk.bank.v1beta1.QueryParamsRequest
  'sdk.bank.v1beta1.QueryParamsResponse': sdk.bank.v1beta1.QueryParamsResponse
  'sdk.bank.v1beta1.QuerySendEnabledRequest': sdk.bank.v1beta1.QuerySendEnabledRequest
  'sdk.bank.v1beta1.QuerySendEnabledResponse': sdk.bank.v1beta1.QuerySendEnabledResponse
  'sdk.bank.v1beta1.QueryDenomsMetadataRequest': sdk.bank.v1beta1.QueryDenomsMetadataRequest
  'sdk.bank.v1beta1.QueryDenomsMetadataResponse': sdk.bank.v1beta1.QueryDenomsMetadataResponse
  'sdk.bank.v1beta1.QueryDenomMetadataRequest': sdk.bank.v1beta1.QueryDenomMetadataRequest
  'sdk.bank.v1beta1.QueryDenomMetadataResponse': sdk.bank.v1beta1.QueryDenomMetadataResponse
  'sdk.bank.v1beta1.QueryDenomMetadataByQueryStringRequest': sdk.bank.v1beta1.QueryDenomMetadataByQueryStringRequest
  'sdk.bank.v1beta1.QueryDenomMetadataByQueryStringResponse': sdk.bank.v1beta1.QueryDenomMetadataByQueryStringResponse
  'sdk.bank.v1beta1.QueryDenomOwnersRequest': sdk.bank.v1beta1.QueryDenomOwnersRequest
  'sdk.bank.v1beta1.DenomOwner': sdk.bank.v1beta1.DenomOwner
  'sdk.bank.v1beta1.QueryDenomOwnersResponse': sdk.bank.v1beta1.QueryDenomOwnersResponse
  'sdk.bank.v1beta1.QueryDenomOwnersByQueryRequest': sdk.bank.v1beta1.QueryDenomOwnersByQueryRequest
  'sdk.bank.v1beta1.QueryDenomOwnersByQueryResponse': sdk.bank.v1beta1.QueryDenomOwnersByQueryResponse
  'sdk.bank.v1beta1.MsgSend': sdk.bank.v1beta1.MsgSend
  'sdk.bank.v1beta1.MsgSendResponse': sdk.bank.v1beta1.MsgSendResponse
  'sdk.bank.v1beta1.MsgMultiSend': sdk.bank.v1beta1.MsgMultiSend
  'sdk.bank.v1beta1.MsgMultiSendResponse': sdk.bank.v1beta1.MsgMultiSendResponse
  'sdk.bank.v1beta1.MsgUpdateParams': sdk.bank.v1beta1.MsgUpdateParams
  'sdk.bank.v1beta1.MsgUpdateParamsResponse': sdk.bank.v1beta1.MsgUpdateParamsResponse
  'sdk.bank.v1beta1.MsgSetSendEnabled': sdk.bank.v1beta1.MsgSetSendEnabled
  'sdk.bank.v1beta1.MsgSetSendEnabledResponse': sdk.bank.v1beta1.MsgSetSendEnabledResponse
  'sdk.base.abci.v1beta1.TxResponse': sdk.base.abci.v1beta1.TxResponse
  'sdk.base.abci.v1beta1.ABCIMessageLog': sdk.base.abci.v1beta1.ABCIMessageLog
  'sdk.base.abci.v1beta1.StringEvent': sdk.base.abci.v1beta1.StringEvent
  'sdk.base.abci.v1beta1.Attribute': sdk.base.abci.v1beta1.Attribute
  'sdk.base.abci.v1beta1.GasInfo': sdk.base.abci.v1beta1.GasInfo
  'sdk.base.abci.v1beta1.Result': sdk.base.abci.v1beta1.Result
  'sdk.base.abci.v1beta1.SimulationResponse': sdk.base.abci.v1beta1.SimulationResponse
  'sdk.base.abci.v1beta1.MsgData': sdk.base.abci.v1beta1.MsgData
  'sdk.base.abci.v1beta1.TxMsgData': sdk.base.abci.v1beta1.TxMsgData
  'sdk.base.kv.v1beta1.Pairs': sdk.base.kv.v1beta1.Pairs
  'sdk.base.kv.v1beta1.Pair': sdk.base.kv.v1beta1.Pair
  'sdk.base.node.v1beta1.ConfigRequest': sdk.base.node.v1beta1.ConfigRequest
  'sdk.base.node.v1beta1.ConfigResponse': sdk.base.node.v1beta1.ConfigResponse
  'sdk.base.node.v1beta1.StatusRequest': sdk.base.node.v1beta1.StatusRequest
  'sdk.base.node.v1beta1.StatusResponse': sdk.base.node.v1beta1.StatusResponse
  'sdk.base.query.v1beta1.PageRequest': sdk.base.query.v1beta1.PageRequest
  'sdk.base.query.v1beta1.PageResponse': sdk.base.query.v1beta1.PageResponse
  'sdk.base.reflection.v1beta1.ListAllInterfacesRequest': sdk.base.reflection.v1beta1.ListAllInterfacesRequest
  'sdk.base.reflection.v1beta1.ListAllInterfacesResponse': sdk.base.reflection.v1beta1.ListAllInterfacesResponse
  'sdk.base.reflection.v1beta1.ListImplementationsRequest': sdk.base.reflection.v1beta1.ListImplementationsRequest
  'sdk.base.reflection.v1beta1.ListImplementationsResponse': sdk.base.reflection.v1beta1.ListImplementationsResponse
  'sdk.base.reflection.v2alpha1.AppDescriptor': sdk.base.reflection.v2alpha1.AppDescriptor
  'sdk.base.reflection.v2alpha1.TxDescriptor': sdk.base.reflection.v2alpha1.TxDescriptor
  'sdk.base.reflection.v2alpha1.AuthnDescriptor': sdk.base.reflection.v2alpha1.AuthnDescriptor
  'sdk.base.reflection.v2alpha1.SigningModeDescriptor': sdk.base.reflection.v2alpha1.SigningModeDescriptor
  'sdk.base.reflection.v2alpha1.ChainDescriptor': sdk.base.reflection.v2alpha1.ChainDescriptor
  'sdk.base.reflection.v2alpha1.CodecDescriptor': sdk.base.reflection.v2alpha1.CodecDescriptor
  'sdk.base.reflection.v2alpha1.InterfaceDescriptor': sdk.base.reflection.v2alpha1.InterfaceDescriptor
  'sdk.base.reflection.v2alpha1.InterfaceImplementerDescriptor': sdk.base.reflection.v2alpha1.InterfaceImplementerDescriptor
  'sdk.base.reflection.v2alpha1.InterfaceAcceptingMessageDescriptor': sdk.base.reflection.v2alpha1.InterfaceAcceptingMessageDescriptor
  'sdk.base.reflection.v2alpha1.ConfigurationDescriptor': sdk.base.reflection.v2alpha1.ConfigurationDescriptor
  'sdk.base.reflection.v2alpha1.MsgDescriptor': sdk.base.reflection.v2alpha1.MsgDescriptor
  'sdk.base.reflection.v2alpha1.GetAuthnDescriptorRequest': sdk.base.reflection.v2alpha1.GetAuthnDescriptorRequest
  'sdk.base.reflection.v2alpha1.GetAuthnDescriptorResponse': sdk.base.reflection.v2alpha1.GetAuthnDescriptorResponse
  'sdk.base.reflection.v2alpha1.GetChainDescriptorRequest': sdk.base.reflection.v2alpha1.GetChainDescriptorRequest
  'sdk.base.reflection.v2alpha1.GetChainDescriptorResponse': sdk.base.reflection.v2alpha1.GetChainDescriptorResponse
  'sdk.base.reflection.v2alpha1.GetCodecDescriptorRequest': sdk.base.reflection.v2alpha1.GetCodecDescriptorRequest
  'sdk.base.reflection.v2alpha1.GetCodecDescriptorResponse': sdk.base.reflection.v2alpha1.GetCodecDescriptorResponse
  'sdk.base.reflection.v2alpha1.GetConfigurationDescriptorRequest': sdk.base.reflection.v2alpha1.GetConfigurationDescriptorRequest
  'sdk.base.reflection.v2alpha1.GetConfigurationDescriptorResponse': sdk.base.reflection.v2alpha1.GetConfigurationDescriptorResponse
  'sdk.base.reflection.v2alpha1.GetQueryServicesDescriptorRequest': sdk.base.reflection.v2alpha1.GetQueryServicesDescriptorRequest
  'sdk.base.reflection.v2alpha1.GetQueryServicesDescriptorResponse': sdk.base.reflection.v2alpha1.GetQueryServicesDescriptorResponse
  'sdk.base.reflection.v2alpha1.GetTxDescriptorRequest': sdk.base.reflection.v2alpha1.GetTxDescriptorRequest
  'sdk.base.reflection.v2alpha1.GetTxDescriptorResponse': sdk.base.reflection.v2alpha1.GetTxDescriptorResponse
  'sdk.base.reflection.v2alpha1.QueryServicesDescriptor': sdk.base.reflection.v2alpha1.QueryServicesDescriptor
  'sdk.base.reflection.v2alpha1.QueryServiceDescriptor': sdk.base.reflection.v2alpha1.QueryServiceDescriptor
  'sdk.base.reflection.v2alpha1.QueryMethodDescriptor': sdk.base.reflection.v2alpha1.QueryMethodDescriptor
  'sdk.base.tendermint.v1beta1.GetValidatorSetByHeightRequest': sdk.base.tendermint.v1beta1.GetValidatorSetByHeightRequest
  'sdk.base.tendermint.v1beta1.GetValidatorSetByHeightResponse': sdk.base.tendermint.v1beta1.GetValidatorSetByHeightResponse
  'sdk.base.tendermint.v1beta1.GetLatestValidatorSetRequest': sdk.base.tendermint.v1beta1.GetLatestValidatorSetRequest
  'sdk.base.tendermint.v1beta1.GetLatestValidatorSetResponse': sdk.base.tendermint.v1beta1.GetLatestValidatorSetResponse
  'sdk.base.tendermint.v1beta1.Validator': sdk.base.tendermint.v1beta1.Validator
  'sdk.base.tendermint.v1beta1.GetBlockByHeightRequest': sdk.base.tendermint.v1beta1.GetBlockByHeightRequest
  'sdk.base.tendermint.v1beta1.GetBlockByHeightResponse': sdk.base.tendermint.v1beta1.GetBlockByHeightResponse
  'sdk.base.tendermint.v1beta1.GetLatestBlockRequest': sdk.base.tendermint.v1beta1.GetLatestBlockRequest
  'sdk.base.tendermint.v1beta1.GetLatestBlockResponse': sdk.base.tendermint.v1beta1.GetLatestBlockResponse
  'sdk.base.tendermint.v1beta1.GetSyncingRequest': sdk.base.tendermint.v1beta1.GetSyncingRequest
  'sdk.base.tendermint.v1beta1.GetSyncingResponse': sdk.base.tendermint.v1beta1.GetSyncingResponse
  'sdk.base.tendermint.v1beta1.GetNodeInfoRequest': sdk.base.tendermint.v1beta1.GetNodeInfoRequest
  'sdk.base.tendermint.v1beta1.GetNodeInfoResponse': sdk.base.tendermint.v1beta1.GetNodeInfoResponse
  'sdk.base.tendermint.v1beta1.VersionInfo': sdk.base.tendermint.v1beta1.VersionInfo
  'sdk.base.tendermint.v1beta1.Module': sdk.base.tendermint.v1beta1.Module
  'sdk.base.tendermint.v1beta1.ABCIQueryRequest': sdk.base.tendermint.v1beta1.ABCIQueryRequest
  'sdk.base.tendermint.v1beta1.ABCIQueryResponse': sdk.base.tendermint.v1beta1.ABCIQueryResponse
  'sdk.base.tendermint.v1beta1.ProofOp': sdk.base.tendermint.v1beta1.ProofOp
  'sdk.base.tendermint.v1beta1.ProofOps': sdk.base.tendermint.v1beta1.ProofOps
  'sdk.base.tendermint.v1beta1.Block': sdk.base.tendermint.v1beta1.Block
  'sdk.base.tendermint.v1beta1.Header': sdk.base.tendermint.v1beta1.Header
  'sdk.base.v1beta1.Coin': sdk.base.v1beta1.Coin
  'sdk.base.v1beta1.DecCoin': sdk.base.v1beta1.DecCoin
  'sdk.consensus.v1.QueryParamsRequest': sdk.consensus.v1.QueryParamsRequest
  'sdk.consensus.v1.QueryParamsResponse': sdk.consensus.v1.QueryParamsResponse
  'sdk.consensus.v1.MsgUpdateParams': sdk.consensus.v1.MsgUpdateParams
  'sdk.consensus.v1.MsgUpdateParamsResponse': sdk.consensus.v1.MsgUpdateParamsResponse
  'sdk.crisis.v1beta1.GenesisState': sdk.crisis.v1beta1.GenesisState
  'sdk.crisis.v1beta1.MsgVerifyInvariant': sdk.crisis.v1beta1.MsgVerifyInvariant
  'sdk.crisis.v1beta1.MsgVerifyInvariantResponse': sdk.crisis.v1beta1.MsgVerifyInvariantResponse
  'sdk.crisis.v1beta1.MsgUpdateParams': sdk.crisis.v1beta1.MsgUpdateParams
  'sdk.crisis.v1beta1.MsgUpdateParamsResponse': sdk.crisis.v1beta1.MsgUpdateParamsResponse
  'sdk.crypto.ed25519.PubKey': sdk.crypto.ed25519.PubKey
  'sdk.crypto.hd.v1.BIP44Params': sdk.crypto.hd.v1.BIP44Params
  'sdk.crypto.keyring.v1.Record': sdk.crypto.keyring.v1.Record
  'sdk.crypto.keyring.v1.Record.Local': sdk.crypto.keyring.v1.Record.Local
  'sdk.crypto.keyring.v1.Record.Ledger': sdk.crypto.keyring.v1.Record.Ledger
  'sdk.crypto.keyring.v1.Record.Multi': sdk.crypto.keyring.v1.Record.Multi
  'sdk.crypto.keyring.v1.Record.Offline': sdk.crypto.keyring.v1.Record.Offline
  'sdk.crypto.multisig.LegacyAminoPubKey': sdk.crypto.multisig.LegacyAminoPubKey
  'sdk.crypto.multisig.v1beta1.CompactBitArray': sdk.crypto.multisig.v1beta1.CompactBitArray
  'sdk.crypto.multisig.v1beta1.MultiSignature': sdk.crypto.multisig.v1beta1.MultiSignature
  'sdk.crypto.secp256k1.PubKey': sdk.crypto.secp256k1.PubKey
  'sdk.crypto.secp256k1.PrivKey': sdk.crypto.secp256k1.PrivKey
  'sdk.distribution.v1beta1.Params': sdk.distribution.v1beta1.Params
  'sdk.distribution.v1beta1.ValidatorHistoricalRewards': sdk.distribution.v1beta1.ValidatorHistoricalRewards
  'sdk.distribution.v1beta1.ValidatorCurrentRewards': sdk.distribution.v1beta1.ValidatorCurrentRewards
  'sdk.distribution.v1beta1.ValidatorAccumulatedCommission': sdk.distribution.v1beta1.ValidatorAccumulatedCommission
  'sdk.distribution.v1beta1.ValidatorOutstandingRewards': sdk.distribution.v1beta1.ValidatorOutstandingRewards
  'sdk.distribution.v1beta1.ValidatorSlashEvent': sdk.distribution.v1beta1.ValidatorSlashEvent
  'sdk.distribution.v1beta1.ValidatorSlashEvents': sdk.distribution.v1beta1.ValidatorSlashEvents
  'sdk.distribution.v1beta1.FeePool': sdk.distribution.v1beta1.FeePool
  'sdk.distribution.v1beta1.DelegatorStartingInfo': sdk.distribution.v1beta1.DelegatorStartingInfo
  'sdk.distribution.v1beta1.DelegationDelegatorReward': sdk.distribution.v1beta1.DelegationDelegatorReward
  'sdk.distribution.v1beta1.DelegatorWithdrawInfo': sdk.distribution.v1beta1.DelegatorWithdrawInfo
  'sdk.distribution.v1beta1.ValidatorOutstandingRewardsRecord': sdk.distribution.v1beta1.ValidatorOutstandingRewardsRecord
  'sdk.distribution.v1beta1.ValidatorAccumulatedCommissionRecord': sdk.distribution.v1beta1.ValidatorAccumulatedCommissionRecord
  'sdk.distribution.v1beta1.ValidatorHistoricalRewardsRecord': sdk.distribution.v1beta1.ValidatorHistoricalRewardsRecord
  'sdk.distribution.v1beta1.ValidatorCurrentRewardsRecord': sdk.distribution.v1beta1.ValidatorCurrentRewardsRecord
  'sdk.distribution.v1beta1.DelegatorStartingInfoRecord': sdk.distribution.v1beta1.DelegatorStartingInfoRecord
  'sdk.distribution.v1beta1.ValidatorSlashEventRecord': sdk.distribution.v1beta1.ValidatorSlashEventRecord
  'sdk.distribution.v1beta1.GenesisState': sdk.distribution.v1beta1.GenesisState
  'sdk.distribution.v1beta1.QueryParamsRequest': sdk.distribution.v1beta1.QueryParamsRequest
  'sdk.distribution.v1beta1.QueryParamsResponse': sdk.distribution.v1beta1.QueryParamsResponse
  'sdk.distribution.v1beta1.QueryValidatorDistributionInfoRequest': sdk.distribution.v1beta1.QueryValidatorDistributionInfoRequest
  'sdk.distribution.v1beta1.QueryValidatorDistributionInfoResponse': sdk.distribution.v1beta1.QueryValidatorDistributionInfoResponse
  'sdk.distribution.v1beta1.QueryValidatorOutstandingRewardsRequest': sdk.distribution.v1beta1.QueryValidatorOutstandingRewardsRequest
  'sdk.distribution.v1beta1.QueryValidatorOutstandingRewardsResponse': sdk.distribution.v1beta1.QueryValidatorOutstandingRewardsResponse
  'sdk.distribution.v1beta1.QueryValidatorCommissionRequest': sdk.distribution.v1beta1.QueryValidatorCommissionRequest
  'sdk.distribution.v1beta1.QueryValidatorCommissionResponse': sdk.distribution.v1beta1.QueryValidatorCommissionResponse
  'sdk.distribution.v1beta1.QueryValidatorSlashesRequest': sdk.distribution.v1beta1.QueryValidatorSlashesRequest
  'sdk.distribution.v1beta1.QueryValidatorSlashesResponse': sdk.distribution.v1beta1.QueryValidatorSlashesResponse
  'sdk.distribution.v1beta1.QueryDelegationRewardsRequest': sdk.distribution.v1beta1.QueryDelegationRewardsRequest
  'sdk.distribution.v1beta1.QueryDelegationRewardsResponse': sdk.distribution.v1beta1.QueryDelegationRewardsResponse
  'sdk.distribution.v1beta1.QueryDelegationTotalRewardsRequest': sdk.distribution.v1beta1.QueryDelegationTotalRewardsRequest
  'sdk.distribution.v1beta1.QueryDelegationTotalRewardsResponse': sdk.distribution.v1beta1.QueryDelegationTotalRewardsResponse
  'sdk.distribution.v1beta1.QueryDelegatorValidatorsRequest': sdk.distribution.v1beta1.QueryDelegatorValidatorsRequest
  'sdk.distribution.v1beta1.QueryDelegatorValidatorsResponse': sdk.distribution.v1beta1.QueryDelegatorValidatorsResponse
  'sdk.distribution.v1beta1.QueryDelegatorWithdrawAddressRequest': sdk.distribution.v1beta1.QueryDelegatorWithdrawAddressRequest
  'sdk.distribution.v1beta1.QueryDelegatorWithdrawAddressResponse': sdk.distribution.v1beta1.QueryDelegatorWithdrawAddressResponse
  'sdk.distribution.v1beta1.QueryCommunityPoolRequest': sdk.distribution.v1beta1.QueryCommunityPoolRequest
  'sdk.distribution.v1beta1.QueryCommunityPoolResponse': sdk.distribution.v1beta1.QueryCommunityPoolResponse
  'sdk.distribution.v1beta1.MsgSetWithdrawAddress': sdk.distribution.v1beta1.MsgSetWithdrawAddress
  'sdk.distribution.v1beta1.MsgSetWithdrawAddressResponse': sdk.distribution.v1beta1.MsgSetWithdrawAddressResponse
  'sdk.distribution.v1beta1.MsgWithdrawDelegatorReward': sdk.distribution.v1beta1.MsgWithdrawDelegatorReward
  'sdk.distribution.v1beta1.MsgWithdrawDelegatorRewardResponse': sdk.distribution.v1beta1.MsgWithdrawDelegatorRewardResponse
  'sdk.distribution.v1beta1.MsgWithdrawValidatorCommission': sdk.distribution.v1beta1.MsgWithdrawValidatorCommission
  'sdk.distribution.v1beta1.MsgWithdrawValidatorCommissionResponse': sdk.distribution.v1beta1.MsgWithdrawValidatorCommissionResponse
  'sdk.distribution.v1beta1.MsgFundCommunityPool': sdk.distribution.v1beta1.MsgFundCommunityPool
  'sdk.distribution.v1beta1.MsgFundCommunityPoolResponse': sdk.distribution.v1beta1.MsgFundCommunityPoolResponse
  'sdk.distribution.v1beta1.MsgUpdateParams': sdk.distribution.v1beta1.MsgUpdateParams
  'sdk.distribution.v1beta1.MsgUpdateParamsResponse': sdk.distribution.v1beta1.MsgUpdateParamsResponse
  'sdk.distribution.v1beta1.MsgCommunityPoolSpend': sdk.distribution.v1beta1.MsgCommunityPoolSpend
  'sdk.distribution.v1beta1.MsgCommunityPoolSpendResponse': sdk.distribution.v1beta1.MsgCommunityPoolSpendResponse
  'sdk.distribution.v1beta1.MsgDepositValidatorRewardsPool': sdk.distribution.v1beta1.MsgDepositValidatorRewardsPool
  'sdk.distribution.v1beta1.MsgDepositValidatorRewardsPoolResponse': sdk.distribution.v1beta1.MsgDepositValidatorRewardsPoolResponse
  'sdk.evidence.v1beta1.Equivocation': sdk.evidence.v1beta1.Equivocation
  'sdk.evidence.v1beta1.GenesisState': sdk.evidence.v1beta1.GenesisState
  'sdk.evidence.v1beta1.QueryEvidenceRequest': sdk.evidence.v1beta1.QueryEvidenceRequest
  'sdk.evidence.v1beta1.QueryEvidenceResponse': sdk.evidence.v1beta1.QueryEvidenceResponse
  'sdk.evidence.v1beta1.QueryAllEvidenceRequest': sdk.evidence.v1beta1.QueryAllEvidenceRequest
  'sdk.evidence.v1beta1.QueryAllEvidenceResponse': sdk.evidence.v1beta1.QueryAllEvidenceResponse
  'sdk.gov.v1.GenesisState': sdk.gov.v1.GenesisState
  'sdk.gov.v1.WeightedVoteOption': sdk.gov.v1.WeightedVoteOption
  'sdk.gov.v1.Deposit': sdk.gov.v1.Deposit
  'sdk.gov.v1.Proposal': sdk.gov.v1.Proposal
  'sdk.gov.v1.TallyResult': sdk.gov.v1.TallyResult
  'sdk.gov.v1.Vote': sdk.gov.v1.Vote
  'sdk.gov.v1.DepositParams': sdk.gov.v1.DepositParams
  'sdk.gov.v1.VotingParams': sdk.gov.v1.VotingParams
  'sdk.gov.v1.TallyParams': sdk.gov.v1.TallyParams
  'sdk.gov.v1.Params': sdk.gov.v1.Params
  'sdk.gov.v1.QueryConstitutionRequest': sdk.gov.v1.QueryConstitutionRequest
  'sdk.gov.v1.QueryConstitutionResponse': sdk.gov.v1.QueryConstitutionResponse
  'sdk.gov.v1.QueryProposalRequest': sdk.gov.v1.QueryProposalRequest
  'sdk.gov.v1.QueryProposalResponse': sdk.gov.v1.QueryProposalResponse
  'sdk.gov.v1.QueryProposalsRequest': sdk.gov.v1.QueryProposalsRequest
  'sdk.gov.v1.QueryProposalsResponse': sdk.gov.v1.QueryProposalsResponse
  'sdk.gov.v1.QueryVoteRequest': sdk.gov.v1.QueryVoteRequest
  'sdk.gov.v1.QueryVoteResponse': sdk.gov.v1.QueryVoteResponse
  'sdk.gov.v1.QueryVotesRequest': sdk.gov.v1.QueryVotesRequest
  'sdk.gov.v1.QueryVotesResponse': sdk.gov.v1.QueryVotesResponse
  'sdk.gov.v1.QueryParamsRequest': sdk.gov.v1.QueryParamsRequest
  'sdk.gov.v1.QueryParamsResponse': sdk.gov.v1.QueryParamsResponse
  'sdk.gov.v1.QueryDepositRequest': sdk.gov.v1.QueryDepositRequest
  'sdk.gov.v1.QueryDepositResponse': sdk.gov.v1.QueryDepositResponse
  'sdk.gov.v1.QueryDepositsRequest': sdk.gov.v1.QueryDepositsRequest
  'sdk.gov.v1.QueryDepositsResponse': sdk.gov.v1.QueryDepositsResponse
  'sdk.gov.v1.QueryTallyResultRequest': sdk.gov.v1.QueryTallyResultRequest
  'sdk.gov.v1.QueryTallyResultResponse': sdk.gov.v1.QueryTallyResultResponse
  'sdk.gov.v1.MsgSubmitProposal': sdk.gov.v1.MsgSubmitProposal
  'sdk.gov.v1.MsgSubmitProposalResponse': sdk.gov.v1.MsgSubmitProposalResponse
  'sdk.gov.v1.MsgExecLegacyContent': sdk.gov.v1.MsgExecLegacyContent
  'sdk.gov.v1.MsgExecLegacyContentResponse': sdk.gov.v1.MsgExecLegacyContentResponse
  'sdk.gov.v1.MsgVote': sdk.gov.v1.MsgVote
  'sdk.gov.v1.MsgVoteResponse': sdk.gov.v1.MsgVoteResponse
  'sdk.gov.v1.MsgVoteWeighted': sdk.gov.v1.MsgVoteWeighted
  'sdk.gov.v1.MsgVoteWeightedResponse': sdk.gov.v1.MsgVoteWeightedResponse
  'sdk.gov.v1.MsgDeposit': sdk.gov.v1.MsgDeposit
  'sdk.gov.v1.MsgDepositResponse': sdk.gov.v1.MsgDepositResponse
  'sdk.gov.v1.MsgUpdateParams': sdk.gov.v1.MsgUpdateParams
  'sdk.gov.v1.MsgUpdateParamsResponse': sdk.gov.v1.MsgUpdateParamsResponse
  'sdk.gov.v1.MsgCancelProposal': sdk.gov.v1.MsgCancelProposal
  'sdk.gov.v1.MsgCancelProposalResponse': sdk.gov.v1.MsgCancelProposalResponse
  'sdk.gov.v1beta1.WeightedVoteOption': sdk.gov.v1beta1.WeightedVoteOption
  'sdk.gov.v1beta1.TextProposal': sdk.gov.v1beta1.TextProposal
  'sdk.gov.v1beta1.Deposit': sdk.gov.v1beta1.Deposit
  'sdk.gov.v1beta1.Proposal': sdk.gov.v1beta1.Proposal
  'sdk.gov.v1beta1.TallyResult': sdk.gov.v1beta1.TallyResult
  'sdk.gov.v1beta1.Vote': sdk.gov.v1beta1.Vote
  'sdk.gov.v1beta1.DepositParams': sdk.gov.v1beta1.DepositParams
  'sdk.gov.v1beta1.VotingParams': sdk.gov.v1beta1.VotingParams
  'sdk.gov.v1beta1.TallyParams': sdk.gov.v1beta1.TallyParams
  'sdk.gov.v1beta1.QueryProposalRequest': sdk.gov.v1beta1.QueryProposalRequest
  'sdk.gov.v1beta1.QueryProposalResponse': sdk.gov.v1beta1.QueryProposalResponse
  'sdk.gov.v1beta1.QueryProposalsRequest': sdk.gov.v1beta1.QueryProposalsRequest
  'sdk.gov.v1beta1.QueryProposalsResponse': sdk.gov.v1beta1.QueryProposalsResponse
  'sdk.gov.v1beta1.QueryVoteRequest': sdk.gov.v1beta1.QueryVoteRequest
  'sdk.gov.v1beta1.QueryVoteResponse': sdk.gov.v1beta1.QueryVoteResponse
  'sdk.gov.v1beta1.QueryVotesRequest': sdk.gov.v1beta1.QueryVotesRequest
  'sdk.gov.v1beta1.QueryVotesResponse': sdk.gov.v1beta1.QueryVotesResponse
  'sdk.gov.v1beta1.QueryParamsRequest': sdk.gov.v1beta1.QueryParamsRequest
  'sdk.gov.v1beta1.QueryParamsResponse': sdk.gov.v1beta1.QueryParamsResponse
  'sdk.gov.v1beta1.QueryDepositRequest': sdk.gov.v1beta1.QueryDepositRequest
  'sdk.gov.v1beta1.QueryDepositResponse': sdk.gov.v1beta1.QueryDepositResponse
  'sdk.gov.v1beta1.QueryDepositsRequest': sdk.gov.v1beta1.QueryDepositsRequest
  'sdk.gov.v1beta1.QueryDepositsResponse': sdk.gov.v1beta1.QueryDepositsResponse
  'sdk.gov.v1beta1.QueryTallyResultRequest': sdk.gov.v1beta1.QueryTallyResultRequest
  'sdk.gov.v1beta1.QueryTallyResultResponse': sdk.gov.v1beta1.QueryTallyResultResponse
  'sdk.gov.v1beta1.MsgSubmitProposal': sdk.gov.v1beta1.MsgSubmitProposal
  'sdk.gov.v1beta1.MsgSubmitProposalResponse': sdk.gov.v1beta1.MsgSubmitProposalResponse
  'sdk.gov.v1beta1.MsgVote': sdk.gov.v1beta1.MsgVote
  'sdk.gov.v1beta1.MsgVoteResponse': sdk.gov.v1beta1.MsgVoteResponse
  'sdk.gov.v1beta1.MsgVoteWeighted': sdk.gov.v1beta1.MsgVoteWeighted
  'sdk.gov.v1beta1.MsgVoteWeightedResponse': sdk.gov.v1beta1.MsgVoteWeightedResponse
  'sdk.gov.v1beta1.MsgDeposit': sdk.gov.v1beta1.MsgDeposit
  'sdk.gov.v1beta1.MsgDepositResponse': sdk.gov.v1beta1.MsgDepositResponse
  'sdk.mint.v1beta1.GenesisState': sdk.mint.v1beta1.GenesisState
  'sdk.mint.v1beta1.Minter': sdk.mint.v1beta1.Minter
  'sdk.mint.v1beta1.Params': sdk.mint.v1beta1.Params
  'sdk.mint.v1beta1.QueryParamsRequest': sdk.mint.v1beta1.QueryParamsRequest
  'sdk.mint.v1beta1.QueryParamsResponse': sdk.mint.v1beta1.QueryParamsResponse
  'sdk.mint.v1beta1.QueryInflationRequest': sdk.mint.v1beta1.QueryInflationRequest
  'sdk.mint.v1beta1.QueryInflationResponse': sdk.mint.v1beta1.QueryInflationResponse
  'sdk.mint.v1beta1.QueryAnnualProvisionsRequest': sdk.mint.v1beta1.QueryAnnualProvisionsRequest
  'sdk.mint.v1beta1.QueryAnnualProvisionsResponse': sdk.mint.v1beta1.QueryAnnualProvisionsResponse
  'sdk.mint.v1beta1.MsgUpdateParams': sdk.mint.v1beta1.MsgUpdateParams
  'sdk.mint.v1beta1.MsgUpdateParamsResponse': sdk.mint.v1beta1.MsgUpdateParamsResponse
  'sdk.params.v1beta1.QueryParamsRequest': sdk.params.v1beta1.QueryParamsRequest
  'sdk.params.v1beta1.QueryParamsResponse': sdk.params.v1beta1.QueryParamsResponse
  'sdk.params.v1beta1.ParamChange': sdk.params.v1beta1.ParamChange
  'sdk.params.v1beta1.QuerySubspacesRequest': sdk.params.v1beta1.QuerySubspacesRequest
  'sdk.params.v1beta1.QuerySubspacesResponse': sdk.params.v1beta1.QuerySubspacesResponse
  'sdk.params.v1beta1.Subspace': sdk.params.v1beta1.Subspace
  'sdk.reflection.v1.FileDescriptorsRequest': sdk.reflection.v1.FileDescriptorsRequest
  'sdk.reflection.v1.FileDescriptorsResponse': sdk.reflection.v1.FileDescriptorsResponse
  'sdk.slashing.v1beta1.GenesisState': sdk.slashing.v1beta1.GenesisState
  'sdk.slashing.v1beta1.SigningInfo': sdk.slashing.v1beta1.SigningInfo
  'sdk.slashing.v1beta1.ValidatorMissedBlocks': sdk.slashing.v1beta1.ValidatorMissedBlocks
  'sdk.slashing.v1beta1.MissedBlock': sdk.slashing.v1beta1.MissedBlock
  'sdk.slashing.v1beta1.QueryParamsRequest': sdk.slashing.v1beta1.QueryParamsRequest
  'sdk.slashing.v1beta1.QueryParamsResponse': sdk.slashing.v1beta1.QueryParamsResponse
  'sdk.slashing.v1beta1.QuerySigningInfoRequest': sdk.slashing.v1beta1.QuerySigningInfoRequest
  'sdk.slashing.v1beta1.QuerySigningInfoResponse': sdk.slashing.v1beta1.QuerySigningInfoResponse
  'sdk.slashing.v1beta1.QuerySigningInfosRequest': sdk.slashing.v1beta1.QuerySigningInfosRequest
  'sdk.slashing.v1beta1.QuerySigningInfosResponse': sdk.slashing.v1beta1.QuerySigningInfosResponse
  'sdk.slashing.v1beta1.ValidatorSigningInfo': sdk.slashing.v1beta1.ValidatorSigningInfo
  'sdk.slashing.v1beta1.Params': sdk.slashing.v1beta1.Params
  'sdk.slashing.v1beta1.MsgUnjail': sdk.slashing.v1beta1.MsgUnjail
  'sdk.slashing.v1beta1.MsgUnjailResponse': sdk.slashing.v1beta1.MsgUnjailResponse
  'sdk.slashing.v1beta1.MsgUpdateParams': sdk.slashing.v1beta1.MsgUpdateParams
  'sdk.slashing.v1beta1.MsgUpdateParamsResponse': sdk.slashing.v1beta1.MsgUpdateParamsResponse
  'sdk.staking.v1beta1.GenesisState': sdk.staking.v1beta1.GenesisState
  'sdk.staking.v1beta1.LastValidatorPower': sdk.staking.v1beta1.LastValidatorPower
  'sdk.staking.v1beta1.QueryValidatorsRequest': sdk.staking.v1beta1.QueryValidatorsRequest
  'sdk.staking.v1beta1.QueryValidatorsResponse': sdk.staking.v1beta1.QueryValidatorsResponse
  'sdk.staking.v1beta1.QueryValidatorRequest': sdk.staking.v1beta1.QueryValidatorRequest
  'sdk.staking.v1beta1.QueryValidatorResponse': sdk.staking.v1beta1.QueryValidatorResponse
  'sdk.staking.v1beta1.QueryValidatorDelegationsRequest': sdk.staking.v1beta1.QueryValidatorDelegationsRequest
  'sdk.staking.v1beta1.QueryValidatorDelegationsResponse': sdk.staking.v1beta1.QueryValidatorDelegationsResponse
  'sdk.staking.v1beta1.QueryValidatorUnbondingDelegationsRequest': sdk.staking.v1beta1.QueryValidatorUnbondingDelegationsRequest
  'sdk.staking.v1beta1.QueryValidatorUnbondingDelegationsResponse': sdk.staking.v1beta1.QueryValidatorUnbondingDelegationsResponse
  'sdk.staking.v1beta1.QueryDelegationRequest': sdk.staking.v1beta1.QueryDelegationRequest
  'sdk.staking.v1beta1.QueryDelegationResponse': sdk.staking.v1beta1.QueryDelegationResponse
  'sdk.staking.v1beta1.QueryUnbondingDelegationRequest': sdk.staking.v1beta1.QueryUnbondingDelegationRequest
  'sdk.staking.v1beta1.QueryUnbondingDelegationResponse': sdk.staking.v1beta1.QueryUnbondingDelegationResponse
  'sdk.staking.v1beta1.QueryDelegatorDelegationsRequest': sdk.staking.v1beta1.QueryDelegatorDelegationsRequest
  'sdk.staking.v1beta1.DelegationResponse': sdk.staking.v1beta1.DelegationResponse
  'sdk.staking.v1beta1.QueryDelegatorDelegationsResponse': sdk.staking.v1beta1.QueryDelegatorDelegationsResponse
  'sdk.staking.v1beta1.QueryDelegatorUnbondingDelegationsRequest': sdk.staking.v1beta1.QueryDelegatorUnbondingDelegationsRequest
  'sdk.staking.v1beta1.QueryDelegatorUnbondingDelegationsResponse': sdk.staking.v1beta1.QueryDelegatorUnbondingDelegationsResponse
  'sdk.staking.v1beta1.QueryRedelegationsRequest': sdk.staking.v1beta1.QueryRedelegationsRequest
  'sdk.staking.v1beta1.QueryRedelegationsResponse': sdk.staking.v1beta1.QueryRedelegationsResponse
  'sdk.staking.v1beta1.QueryDelegatorValidatorsRequest': sdk.staking.v1beta1.QueryDelegatorValidatorsRequest
  'sdk.staking.v1beta1.QueryDelegatorValidatorsResponse': sdk.staking.v1beta1.QueryDelegatorValidatorsResponse
  'sdk.staking.v1beta1.QueryDelegatorValidatorRequest': sdk.staking.v1beta1.QueryDelegatorValidatorRequest
  'sdk.staking.v1beta1.QueryDelegatorValidatorResponse': sdk.staking.v1beta1.QueryDelegatorValidatorResponse
  'sdk.staking.v1beta1.QueryHistoricalInfoRequest': sdk.staking.v1beta1.QueryHistoricalInfoRequest
  'sdk.staking.v1beta1.QueryHistoricalInfoResponse': sdk.staking.v1beta1.QueryHistoricalInfoResponse
  'sdk.staking.v1beta1.QueryPoolRequest': sdk.staking.v1beta1.QueryPoolRequest
  'sdk.staking.v1beta1.QueryPoolResponse': sdk.staking.v1beta1.QueryPoolResponse
  'sdk.staking.v1beta1.QueryParamsRequest': sdk.staking.v1beta1.QueryParamsRequest
  'sdk.staking.v1beta1.QueryParamsResponse': sdk.staking.v1beta1.QueryParamsResponse
  'sdk.staking.v1beta1.CommissionRates': sdk.staking.v1beta1.CommissionRates
  'sdk.staking.v1beta1.Commission': sdk.staking.v1beta1.Commission
  'sdk.staking.v1beta1.Description': sdk.staking.v1beta1.Description
  'sdk.staking.v1beta1.Validator': sdk.staking.v1beta1.Validator
  'sdk.staking.v1beta1.Delegation': sdk.staking.v1beta1.Delegation
  'sdk.staking.v1beta1.UnbondingDelegationEntry': sdk.staking.v1beta1.UnbondingDelegationEntry
  'sdk.staking.v1beta1.UnbondingDelegation': sdk.staking.v1beta1.UnbondingDelegation
  'sdk.staking.v1beta1.RedelegationEntry': sdk.staking.v1beta1.RedelegationEntry
  'sdk.staking.v1beta1.Redelegation': sdk.staking.v1beta1.Redelegation
  'sdk.staking.v1beta1.Params': sdk.staking.v1beta1.Params
  'sdk.staking.v1beta1.Pool': sdk.staking.v1beta1.Pool
  'sdk.staking.v1beta1.HistoricalInfo': sdk.staking.v1beta1.HistoricalInfo
  'sdk.staking.v1beta1.ValAddresses': sdk.staking.v1beta1.ValAddresses
  'sdk.staking.v1beta1.DVPair': sdk.staking.v1beta1.DVPair
  'sdk.staking.v1beta1.DVPairs': sdk.staking.v1beta1.DVPairs
  'sdk.staking.v1beta1.DVVTriplet': sdk.staking.v1beta1.DVVTriplet
  'sdk.staking.v1beta1.DVVTriplets': sdk.staking.v1beta1.DVVTriplets
  'sdk.staking.v1beta1.RedelegationEntryResponse': sdk.staking.v1beta1.RedelegationEntryResponse
  'sdk.staking.v1beta1.RedelegationResponse': sdk.staking.v1beta1.RedelegationResponse
  'sdk.staking.v1beta1.ValidatorUpdates': sdk.staking.v1beta1.ValidatorUpdates
  'sdk.staking.v1beta1.MsgCreateValidator': sdk.staking.v1beta1.MsgCreateValidator
  'sdk.staking.v1beta1.MsgCreateValidatorResponse': sdk.staking.v1beta1.MsgCreateValidatorResponse
  'sdk.staking.v1beta1.MsgEditValidator': sdk.staking.v1beta1.MsgEditValidator
  'sdk.staking.v1beta1.MsgEditValidatorResponse': sdk.staking.v1beta1.MsgEditValidatorResponse
  'sdk.staking.v1beta1.MsgDelegate': sdk.staking.v1beta1.MsgDelegate
  'sdk.staking.v1beta1.MsgDelegateResponse': sdk.staking.v1beta1.MsgDelegateResponse
  'sdk.staking.v1beta1.MsgBeginRedelegate': sdk.staking.v1beta1.MsgBeginRedelegate
  'sdk.staking.v1beta1.MsgBeginRedelegateResponse': sdk.staking.v1beta1.MsgBeginRedelegateResponse
  'sdk.staking.v1beta1.MsgUndelegate': sdk.staking.v1beta1.MsgUndelegate
  'sdk.staking.v1beta1.MsgUndelegateResponse': sdk.staking.v1beta1.MsgUndelegateResponse
  'sdk.staking.v1beta1.MsgCancelUnbondingDelegation': sdk.staking.v1beta1.MsgCancelUnbondingDelegation
  'sdk.staking.v1beta1.MsgCancelUnbondingDelegationResponse': sdk.staking.v1beta1.MsgCancelUnbondingDelegationResponse
  'sdk.staking.v1beta1.MsgUpdateParams': sdk.staking.v1beta1.MsgUpdateParams
  'sdk.staking.v1beta1.MsgUpdateParamsResponse': sdk.staking.v1beta1.MsgUpdateParamsResponse
  'sdk.store.snapshots.v1.Snapshot': sdk.store.snapshots.v1.Snapshot
  'sdk.store.snapshots.v1.Metadata': sdk.store.snapshots.v1.Metadata
  'sdk.store.snapshots.v1.SnapshotItem': sdk.store.snapshots.v1.SnapshotItem
  'sdk.store.snapshots.v1.SnapshotStoreItem': sdk.store.snapshots.v1.SnapshotStoreItem
  'sdk.store.snapshots.v1.SnapshotIAVLItem': sdk.store.snapshots.v1.SnapshotIAVLItem
  'sdk.store.snapshots.v1.SnapshotExtensionMeta': sdk.store.snapshots.v1.SnapshotExtensionMeta
  'sdk.store.snapshots.v1.SnapshotExtensionPayload': sdk.store.snapshots.v1.SnapshotExtensionPayload
  'sdk.store.v1.BlockRecord': sdk.store.v1.BlockRecord
  'sdk.tx.v1beta1.GetTxsEventRequest': sdk.tx.v1beta1.GetTxsEventRequest
  'sdk.tx.v1beta1.GetTxsEventResponse': sdk.tx.v1beta1.GetTxsEventResponse
  'sdk.tx.v1beta1.BroadcastTxRequest': sdk.tx.v1beta1.BroadcastTxRequest
  'sdk.tx.v1beta1.BroadcastTxResponse': sdk.tx.v1beta1.BroadcastTxResponse
  'sdk.tx.v1beta1.SimulateRequest': sdk.tx.v1beta1.SimulateRequest
  'sdk.tx.v1beta1.SimulateResponse': sdk.tx.v1beta1.SimulateResponse
  'sdk.tx.v1beta1.GetTxRequest': sdk.tx.v1beta1.GetTxRequest
  'sdk.tx.v1beta1.GetTxResponse': sdk.tx.v1beta1.GetTxResponse
  'sdk.tx.v1beta1.GetBlockWithTxsRequest': sdk.tx.v1beta1.GetBlockWithTxsRequest
  'sdk.tx.v1beta1.GetBlockWithTxsResponse': sdk.tx.v1beta1.GetBlockWithTxsResponse
  'sdk.tx.v1beta1.TxDecodeRequest': sdk.tx.v1beta1.TxDecodeRequest
  'sdk.tx.v1beta1.TxDecodeResponse': sdk.tx.v1beta1.TxDecodeResponse
  'sdk.tx.v1beta1.TxEncodeRequest': sdk.tx.v1beta1.TxEncodeRequest
  'sdk.tx.v1beta1.TxEncodeResponse': sdk.tx.v1beta1.TxEncodeResponse
  'sdk.tx.v1beta1.Tx': sdk.tx.v1beta1.Tx
  'sdk.tx.v1beta1.TxRaw': sdk.tx.v1beta1.TxRaw
  'sdk.tx.v1beta1.SignDoc': sdk.tx.v1beta1.SignDoc
  'sdk.tx.v1beta1.TxBody': sdk.tx.v1beta1.TxBody
  'sdk.tx.v1beta1.AuthInfo': sdk.tx.v1beta1.AuthInfo
  'sdk.tx.v1beta1.SignerInfo': sdk.tx.v1beta1.SignerInfo
  'sdk.tx.v1beta1.ModeInfo': sdk.tx.v1beta1.ModeInfo
  'sdk.tx.v1beta1.ModeInfo.Single': sdk.tx.v1beta1.ModeInfo.Single
  'sdk.tx.v1beta1.ModeInfo.Multi': sdk.tx.v1beta1.ModeInfo.Multi
  'sdk.tx.v1beta1.Fee': sdk.tx.v1beta1.Fee
  'sdk.tx.v1beta1.Tip': sdk.tx.v1beta1.Tip
  'sdk.upgrade.v1beta1.QueryCurrentPlanRequest': sdk.upgrade.v1beta1.QueryCurrentPlanRequest
  'sdk.upgrade.v1beta1.QueryCurrentPlanResponse': sdk.upgrade.v1beta1.QueryCurrentPlanResponse
  'sdk.upgrade.v1beta1.QueryAppliedPlanRequest': sdk.upgrade.v1beta1.QueryAppliedPlanRequest
  'sdk.upgrade.v1beta1.QueryAppliedPlanResponse': sdk.upgrade.v1beta1.QueryAppliedPlanResponse
  'sdk.upgrade.v1beta1.QueryUpgradedConsensusStateRequest': sdk.upgrade.v1beta1.QueryUpgradedConsensusStateRequest
  'sdk.upgrade.v1beta1.QueryUpgradedConsensusStateResponse': sdk.upgrade.v1beta1.QueryUpgradedConsensusStateResponse
  'sdk.upgrade.v1beta1.QueryModuleVersionsRequest': sdk.upgrade.v1beta1.QueryModuleVersionsRequest
  'sdk.upgrade.v1beta1.QueryModuleVersionsResponse': sdk.upgrade.v1beta1.QueryModuleVersionsResponse
  'sdk.upgrade.v1beta1.QueryAuthorityRequest': sdk.upgrade.v1beta1.QueryAuthorityRequest
  'sdk.upgrade.v1beta1.QueryAuthorityResponse': sdk.upgrade.v1beta1.QueryAuthorityResponse
  'sdk.upgrade.v1beta1.MsgSoftwareUpgrade': sdk.upgrade.v1beta1.MsgSoftwareUpgrade
  'sdk.upgrade.v1beta1.MsgSoftwareUpgradeResponse': sdk.upgrade.v1beta1.MsgSoftwareUpgradeResponse
  'sdk.upgrade.v1beta1.MsgCancelUpgrade': sdk.upgrade.v1beta1.MsgCancelUpgrade
  'sdk.upgrade.v1beta1.MsgCancelUpgradeResponse': sdk.upgrade.v1beta1.MsgCancelUpgradeResponse
  'sdk.upgrade.v1beta1.Plan': sdk.upgrade.v1beta1.Plan
  'sdk.upgrade.v1beta1.SoftwareUpgradeProposal': sdk.upgrade.v1beta1.SoftwareUpgradeProposal
  'sdk.upgrade.v1beta1.CancelSoftwareUpgradeProposal': sdk.upgrade.v1beta1.CancelSoftwareUpgradeProposal
  'sdk.upgrade.v1beta1.ModuleVersion': sdk.upgrade.v1beta1.ModuleVersion
  'sdk.vesting.v1beta1.MsgCreateVestingAccount': sdk.vesting.v1beta1.MsgCreateVestingAccount
  'sdk.vesting.v1beta1.MsgCreateVestingAccountResponse': sdk.vesting.v1beta1.MsgCreateVestingAccountResponse
  'sdk.vesting.v1beta1.MsgCreatePermanentLockedAccount': sdk.vesting.v1beta1.MsgCreatePermanentLockedAccount
  'sdk.vesting.v1beta1.MsgCreatePermanentLockedAccountResponse': sdk.vesting.v1beta1.MsgCreatePermanentLockedAccountResponse
  'sdk.vesting.v1beta1.MsgCreatePeriodicVestingAccount': sdk.vesting.v1beta1.MsgCreatePeriodicVestingAccount
  'sdk.vesting.v1beta1.MsgCreatePeriodicVestingAccountResponse': sdk.vesting.v1beta1.MsgCreatePeriodicVestingAccountResponse
  'sdk.vesting.v1beta1.BaseVestingAccount': sdk.vesting.v1beta1.BaseVestingAccount
  'sdk.vesting.v1beta1.ContinuousVestingAccount': sdk.vesting.v1beta1.ContinuousVestingAccount
  'sdk.vesting.v1beta1.DelayedVestingAccount': sdk.vesting.v1beta1.DelayedVestingAccount
  'sdk.vesting.v1beta1.Period': sdk.vesting.v1beta1.Period
  'sdk.vesting.v1beta1.PeriodicVestingAccount': sdk.vesting.v1beta1.PeriodicVestingAccount
  'sdk.vesting.v1beta1.PermanentLockedAccount': sdk.vesting.v1beta1.PermanentLockedAccount
  'tendermint.abci.EventAttribute': tendermint.abci.EventAttribute
  'tendermint.abci.Event': tendermint.abci.Event
  'tendermint.abci.ExecTxResult': tendermint.abci.ExecTxResult
  'tendermint.abci.ValidatorUpdate': tendermint.abci.ValidatorUpdate
  'tendermint.abci.Request': tendermint.abci.Request
  'tendermint.abci.RequestEcho': tendermint.abci.RequestEcho
  'tendermint.abci.RequestFlush': tendermint.abci.RequestFlush
  'tendermint.abci.RequestInfo': tendermint.abci.RequestInfo
  'tendermint.abci.RequestInitChain': tendermint.abci.RequestInitChain
  'tendermint.abci.RequestQuery': tendermint.abci.RequestQuery
  'tendermint.abci.RequestCheckTx': tendermint.abci.RequestCheckTx
  'tendermint.abci.RequestCommit': tendermint.abci.RequestCommit
  'tendermint.abci.RequestListSnapshots': tendermint.abci.RequestListSnapshots
  'tendermint.abci.RequestOfferSnapshot': tendermint.abci.RequestOfferSnapshot
  'tendermint.abci.RequestLoadSnapshotChunk': tendermint.abci.RequestLoadSnapshotChunk
  'tendermint.abci.RequestApplySnapshotChunk': tendermint.abci.RequestApplySnapshotChunk
  'tendermint.abci.RequestPrepareProposal': tendermint.abci.RequestPrepareProposal
  'tendermint.abci.RequestProcessProposal': tendermint.abci.RequestProcessProposal
  'tendermint.abci.RequestExtendVote': tendermint.abci.RequestExtendVote
  'tendermint.abci.RequestVerifyVoteExtension': tendermint.abci.RequestVerifyVoteExtension
  'tendermint.abci.RequestFinalizeBlock': tendermint.abci.RequestFinalizeBlock
  'tendermint.abci.Response': tendermint.abci.Response
  'tendermint.abci.ResponseException': tendermint.abci.ResponseException
  'tendermint.abci.ResponseEcho': tendermint.abci.ResponseEcho
  'tendermint.abci.ResponseFlush': tendermint.abci.ResponseFlush
  'tendermint.abci.ResponseInfo': tendermint.abci.ResponseInfo
  'tendermint.abci.ResponseInitChain': tendermint.abci.ResponseInitChain
  'tendermint.abci.ResponseQuery': tendermint.abci.ResponseQuery
  'tendermint.abci.ResponseCheckTx': tendermint.abci.ResponseCheckTx
  'tendermint.abci.ResponseCommit': tendermint.abci.ResponseCommit
  'tendermint.abci.ResponseListSnapshots': tendermint.abci.ResponseListSnapshots
  'tendermint.abci.ResponseOfferSnapshot': tendermint.abci.ResponseOfferSnapshot
  'tendermint.abci.ResponseLoadSnapshotChunk': tendermint.abci.ResponseLoadSnapshotChunk
  'tendermint.abci.ResponseApplySnapshotChunk': tendermint.abci.ResponseApplySnapshotChunk
  'tendermint.abci.ResponsePrepareProposal': tendermint.abci.ResponsePrepareProposal
  'tendermint.abci.ResponseProcessProposal': tendermint.abci.ResponseProcessProposal
  'tendermint.abci.ResponseExtendVote': tendermint.abci.ResponseExtendVote
  'tendermint.abci.ResponseVerifyVoteExtension': tendermint.abci.ResponseVerifyVoteExtension
  'tendermint.abci.ResponseFinalizeBlock': tendermint.abci.ResponseFinalizeBlock
  'tendermint.abci.CommitInfo': tendermint.abci.CommitInfo
  'tendermint.abci.ExtendedCommitInfo': tendermint.abci.ExtendedCommitInfo
  'tendermint.abci.Validator': tendermint.abci.Validator
  'tendermint.abci.VoteInfo': tendermint.abci.VoteInfo
  'tendermint.abci.ExtendedVoteInfo': tendermint.abci.ExtendedVoteInfo
  'tendermint.abci.Misbehavior': tendermint.abci.Misbehavior
  'tendermint.abci.Snapshot': tendermint.abci.Snapshot
  'tendermint.crypto.PublicKey': tendermint.crypto.PublicKey
  'tendermint.crypto.ProofOp': tendermint.crypto.ProofOp
  'tendermint.crypto.ProofOps': tendermint.crypto.ProofOps
  'tendermint.p2p.ProtocolVersion': tendermint.p2p.ProtocolVersion
  'tendermint.p2p.DefaultNodeInfoOther': tendermint.p2p.DefaultNodeInfoOther
  'tendermint.p2p.DefaultNodeInfo': tendermint.p2p.DefaultNodeInfo
  'tendermint.types.HashedParams': tendermint.types.HashedParams
  'tendermint.types.ConsensusParams': tendermint.types.ConsensusParams
  'tendermint.types.BlockParams': tendermint.types.BlockParams
  'tendermint.types.EvidenceParams': tendermint.types.EvidenceParams
  'tendermint.types.ValidatorParams': tendermint.types.ValidatorParams
  'tendermint.types.VersionParams': tendermint.types.VersionParams
  'tendermint.types.ABCIParams': tendermint.types.ABCIParams
  'tendermint.types.PartSetHeader': tendermint.types.PartSetHeader
  'tendermint.types.BlockID': tendermint.types.BlockID
  'tendermint.types.Header': tendermint.types.Header
  'tendermint.types.Data': tendermint.types.Data
  'tendermint.types.Commit': tendermint.types.Commit
  'tendermint.types.CommitSig': tendermint.types.CommitSig
  'tendermint.types.Evidence': tendermint.types.Evidence
  'tendermint.types.LightClientAttackEvidence': tendermint.types.LightClientAttackEvidence
  'tendermint.types.LightBlock': tendermint.types.LightBlock
  'tendermint.types.SignedHeader': tendermint.types.SignedHeader
  'tendermint.types.ValidatorSet': tendermint.types.ValidatorSet
  'tendermint.types.Validator': tendermint.types.Validator
  'tendermint.types.DuplicateVoteEvidence': tendermint.types.DuplicateVoteEvidence
  'tendermint.types.Vote': tendermint.types.Vote
  'tendermint.types.EvidenceList': tendermint.types.EvidenceList
  'tendermint.types.Block': tendermint.types.Block
  'tendermint.types.CanonicalPartSetHeader': tendermint.types.CanonicalPartSetHeader
  'tendermint.types.CanonicalBlockID': tendermint.types.CanonicalBlockID
  'tendermint.types.CanonicalVote': tendermint.types.CanonicalVote
  'tendermint.types.SimpleValidator': tendermint.types.SimpleValidator
  'tendermint.version.Consensus': tendermint.version.Consensus
}

/** Every message as fromObject takes it, by its canonical full name. */
export interface ProtoInits {
  'google.protobuf.Any': google.protobuf.Any.Init
  'google.protobuf.Duration': google.protobuf.Duration.Init
  'google.protobuf.Empty': google.protobuf.Empty.Init
  'google.protobuf.Timestamp': google.protobuf.Timestamp.Init
  'google.protobuf.DoubleValue': google.protobuf.DoubleValue.Init
  'google.protobuf.FloatValue': google.protobuf.FloatValue.Init
  'google.protobuf.Int64Value': google.protobuf.Int64Value.Init
  'google.protobuf.UInt64Value': google.protobuf.UInt64Value.Init
  'google.protobuf.Int32Value': google.protobuf.Int32Value.Init
  'google.protobuf.UInt32Value': google.protobuf.UInt32Value.Init
  'google.protobuf.BoolValue': google.protobuf.BoolValue.Init
  'google.protobuf.StringValue': google.protobuf.StringValue.Init
  'google.protobuf.BytesValue': google.protobuf.BytesValue.Init
  'google.protobuf.FileDescriptorSet': google.protobuf.FileDescriptorSet.Init
  'google.protobuf.FileDescriptorProto': google.protobuf.FileDescriptorProto.Init
  'google.protobuf.DescriptorProto': google.protobuf.DescriptorProto.Init
  'google.protobuf.DescriptorProto.ExtensionRange': google.protobuf.DescriptorProto.ExtensionRange.Init
  'google.protobuf.DescriptorProto.ReservedRange': google.protobuf.DescriptorProto.ReservedRange.Init
  'google.protobuf.ExtensionRangeOptions': google.protobuf.ExtensionRangeOptions.Init
  'google.protobuf.ExtensionRangeOptions.Declaration': google.protobuf.ExtensionRangeOptions.Declaration.Init
  'google.protobuf.FieldDescriptorProto': google.protobuf.FieldDescriptorProto.Init
  'google.protobuf.OneofDescriptorProto': google.protobuf.OneofDescriptorProto.Init
  'google.protobuf.EnumDescriptorProto': google.protobuf.EnumDescriptorProto.Init
  'google.protobuf.EnumDescriptorProto.EnumReservedRange': google.protobuf.EnumDescriptorProto.EnumReservedRange.Init
  'google.protobuf.EnumValueDescriptorProto': google.protobuf.EnumValueDescriptorProto.Init
  'google.protobuf.ServiceDescriptorProto': google.protobuf.ServiceDescriptorProto.Init
  'google.protobuf.MethodDescriptorProto': google.protobuf.MethodDescriptorProto.Init
  'google.protobuf.FileOptions': google.protobuf.FileOptions.Init
  'google.protobuf.MessageOptions': google.protobuf.MessageOptions.Init
  'google.protobuf.FieldOptions': google.protobuf.FieldOptions.Init
  'google.protobuf.FieldOptions.EditionDefault': google.protobuf.FieldOptions.EditionDefault.Init
  'google.protobuf.FieldOptions.FeatureSupport': google.protobuf.FieldOptions.FeatureSupport.Init
  'google.protobuf.OneofOptions': google.protobuf.OneofOptions.Init
  'google.protobuf.EnumOptions': google.protobuf.EnumOptions.Init
  'google.protobuf.EnumValueOptions': google.protobuf.EnumValueOptions.Init
  'google.protobuf.ServiceOptions': google.protobuf.ServiceOptions.Init
  'google.protobuf.MethodOptions': google.protobuf.MethodOptions.Init
  'google.protobuf.UninterpretedOption': google.protobuf.UninterpretedOption.Init
  'google.protobuf.UninterpretedOption.NamePart': google.protobuf.UninterpretedOption.NamePart.Init
  'google.protobuf.FeatureSet': google.protobuf.FeatureSet.Init
  'google.protobuf.FeatureSet.VisibilityFeature': google.protobuf.FeatureSet.VisibilityFeature.Init
  'google.protobuf.FeatureSet.ProtoLimitsFeature': google.protobuf.FeatureSet.ProtoLimitsFeature.Init
  'google.protobuf.FeatureSetDefaults': google.protobuf.FeatureSetDefaults.Init
  'google.protobuf.FeatureSetDefaults.FeatureSetEditionDefault': google.protobuf.FeatureSetDefaults.FeatureSetEditionDefault.Init
  'google.protobuf.SourceCodeInfo': google.protobuf.SourceCodeInfo.Init
  'google.protobuf.SourceCodeInfo.Location': google.protobuf.SourceCodeInfo.Location.Init
  'google.protobuf.GeneratedCodeInfo': google.protobuf.GeneratedCodeInfo.Init
  'google.protobuf.GeneratedCodeInfo.Annotation': google.protobuf.GeneratedCodeInfo.Annotation.Init
  'google.api.HttpRule': google.api.HttpRule.Init
  'google.api.CustomHttpPattern': google.api.CustomHttpPattern.Init
  'grpc.reflection.v1.ServerReflectionRequest': grpc.reflection.v1.ServerReflectionRequest.Init
  'grpc.reflection.v1.ExtensionRequest': grpc.reflection.v1.ExtensionRequest.Init
  'grpc.reflection.v1.ServerReflectionResponse': grpc.reflection.v1.ServerReflectionResponse.Init
  'grpc.reflection.v1.FileDescriptorResponse': grpc.reflection.v1.FileDescriptorResponse.Init
  'grpc.reflection.v1.ExtensionNumberResponse': grpc.reflection.v1.ExtensionNumberResponse.Init
  'grpc.reflection.v1.ListServiceResponse': grpc.reflection.v1.ListServiceResponse.Init
  'grpc.reflection.v1.ServiceResponse': grpc.reflection.v1.ServiceResponse.Init
  'grpc.reflection.v1.ErrorResponse': grpc.reflection.v1.ErrorResponse.Init
  'grpc.reflection.v1alpha.ServerReflectionRequest': grpc.reflection.v1alpha.ServerReflectionRequest.Init
  'grpc.reflection.v1alpha.ExtensionRequest': grpc.reflection.v1alpha.ExtensionRequest.Init
  'grpc.reflection.v1alpha.ServerReflectionResponse': grpc.reflection.v1alpha.ServerReflectionResponse.Init
  'grpc.reflection.v1alpha.FileDescriptorResponse': grpc.reflection.v1alpha.FileDescriptorResponse.Init
  'grpc.reflection.v1alpha.ExtensionNumberResponse': grpc.reflection.v1alpha.ExtensionNumberResponse.Init
  'grpc.reflection.v1alpha.ListServiceResponse': grpc.reflection.v1alpha.ListServiceResponse.Init
  'grpc.reflection.v1alpha.ServiceResponse': grpc.reflection.v1alpha.ServiceResponse.Init
  'grpc.reflection.v1alpha.ErrorResponse': grpc.reflection.v1alpha.ErrorResponse.Init
  'sdk.auth.v1beta1.BaseAccount': sdk.auth.v1beta1.BaseAccount.Init
  'sdk.auth.v1beta1.ModuleAccount': sdk.auth.v1beta1.ModuleAccount.Init
  'sdk.auth.v1beta1.Params': sdk.auth.v1beta1.Params.Init
  'sdk.auth.v1beta1.GenesisState': sdk.auth.v1beta1.GenesisState.Init
  'sdk.auth.v1beta1.QueryAccountsRequest': sdk.auth.v1beta1.QueryAccountsRequest.Init
  'sdk.auth.v1beta1.QueryAccountsResponse': sdk.auth.v1beta1.QueryAccountsResponse.Init
  'sdk.auth.v1beta1.QueryAccountRequest': sdk.auth.v1beta1.QueryAccountRequest.Init
  'sdk.auth.v1beta1.QueryAccountResponse': sdk.auth.v1beta1.QueryAccountResponse.Init
  'sdk.auth.v1beta1.QueryParamsRequest': sdk.auth.v1beta1.QueryParamsRequest.Init
  'sdk.auth.v1beta1.QueryParamsResponse': sdk.auth.v1beta1.QueryParamsResponse.Init
  'sdk.auth.v1beta1.QueryModuleAccountsRequest': sdk.auth.v1beta1.QueryModuleAccountsRequest.Init
  'sdk.auth.v1beta1.QueryModuleAccountsResponse': sdk.auth.v1beta1.QueryModuleAccountsResponse.Init
  'sdk.auth.v1beta1.QueryModuleAccountByNameRequest': sdk.auth.v1beta1.QueryModuleAccountByNameRequest.Init
  'sdk.auth.v1beta1.QueryModuleAccountByNameResponse': sdk.auth.v1beta1.QueryModuleAccountByNameResponse.Init
  'sdk.auth.v1beta1.Bech32PrefixRequest': sdk.auth.v1beta1.Bech32PrefixRequest.Init
  'sdk.auth.v1beta1.Bech32PrefixResponse': sdk.auth.v1beta1.Bech32PrefixResponse.Init
  'sdk.auth.v1beta1.AddressBytesToStringRequest': sdk.auth.v1beta1.AddressBytesToStringRequest.Init
  'sdk.auth.v1beta1.AddressBytesToStringResponse': sdk.auth.v1beta1.AddressBytesToStringResponse.Init
  'sdk.auth.v1beta1.AddressStringToBytesRequest': sdk.auth.v1beta1.AddressStringToBytesRequest.Init
  'sdk.auth.v1beta1.AddressStringToBytesResponse': sdk.auth.v1beta1.AddressStringToBytesResponse.Init
  'sdk.auth.v1beta1.QueryAccountAddressByIDRequest': sdk.auth.v1beta1.QueryAccountAddressByIDRequest.Init
  'sdk.auth.v1beta1.QueryAccountAddressByIDResponse': sdk.auth.v1beta1.QueryAccountAddressByIDResponse.Init
  'sdk.auth.v1beta1.QueryAccountInfoRequest': sdk.auth.v1beta1.QueryAccountInfoRequest.Init
  'sdk.auth.v1beta1.QueryAccountInfoResponse': sdk.auth.v1beta1.QueryAccountInfoResponse.Init
  'sdk.auth.v1beta1.MsgUpdateParams': sdk.auth.v1beta1.MsgUpdateParams.Init
  'sdk.auth.v1beta1.MsgUpdateParamsResponse': sdk.auth.v1beta1.MsgUpdateParamsResponse.Init
  'sdk.autocli.v1.ModuleOptions': sdk.autocli.v1.ModuleOptions.Init
  'sdk.autocli.v1.ServiceCommandDescriptor': sdk.autocli.v1.ServiceCommandDescriptor.Init
  'sdk.autocli.v1.RpcCommandOptions': sdk.autocli.v1.RpcCommandOptions.Init
  'sdk.autocli.v1.FlagOptions': sdk.autocli.v1.FlagOptions.Init
  'sdk.autocli.v1.PositionalArgDescriptor': sdk.autocli.v1.PositionalArgDescriptor.Init
  'sdk.autocli.v1.AppOptionsRequest': sdk.autocli.v1.AppOptionsRequest.Init
  'sdk.autocli.v1.AppOptionsResponse': sdk.autocli.v1.AppOptionsResponse.Init
  'sdk.bank.v1beta1.Params': sdk.bank.v1beta1.Params.Init
  'sdk.bank.v1beta1.SendEnabled': sdk.bank.v1beta1.SendEnabled.Init
  'sdk.bank.v1beta1.Input': sdk.bank.v1beta1.Input.Init
  'sdk.bank.v1beta1.Output': sdk.bank.v1beta1.Output.Init
  'sdk.bank.v1beta1.Supply': sdk.bank.v1beta1.Supply.Init
  'sdk.bank.v1beta1.DenomUnit': sdk.bank.v1beta1.DenomUnit.Init
  'sdk.bank.v1beta1.Metadata': sdk.bank.v1beta1.Metadata.Init
  'sdk.bank.v1beta1.GenesisState': sdk.bank.v1beta1.GenesisState.Init
  'sdk.bank.v1beta1.Balance': sdk.bank.v1beta1.Balance.Init
  'sdk.bank.v1beta1.QueryBalanceRequest': sdk.bank.v1beta1.QueryBalanceRequest.Init
  'sdk.bank.v1beta1.QueryBalanceResponse': sdk.bank.v1beta1.QueryBalanceResponse.Init
  'sdk.bank.v1beta1.QueryAllBalancesRequest': sdk.bank.v1beta1.QueryAllBalancesRequest.Init
  'sdk.bank.v1beta1.QueryAllBalancesResponse': sdk.bank.v1beta1.QueryAllBalancesResponse.Init
  'sdk.bank.v1beta1.QuerySpendableBalancesRequest': sdk.bank.v1beta1.QuerySpendableBalancesRequest.Init
  'sdk.bank.v1beta1.QuerySpendableBalancesResponse': sdk.bank.v1beta1.QuerySpendableBalancesResponse.Init
  'sdk.bank.v1beta1.QuerySpendableBalanceByDenomRequest': sdk.bank.v1beta1.QuerySpendableBalanceByDenomRequest.Init
  'sdk.bank.v1beta1.QuerySpendableBalanceByDenomResponse': sdk.bank.v1beta1.QuerySpendableBalanceByDenomResponse.Init
  'sdk.bank.v1beta1.QueryTotalSupplyRequest': sdk.bank.v1beta1.QueryTotalSupplyRequest.Init
  'sdk.bank.v1beta1.QueryTotalSupplyResponse': sdk.bank.v1beta1.QueryTotalSupplyResponse.Init
  'sdk.bank.v1beta1.QuerySupplyOfRequest': sdk.bank.v1beta1.QuerySupplyOfRequest.Init
  'sdk.bank.v1beta1.QuerySupplyOfResponse': sdk.bank.v1beta1.QuerySupplyOfResponse.Init
  'sdk.bank.v1beta1.QueryParamsRequest': sdk.bank.v1beta1.QueryParamsRequest.Init
  'sdk.bank.v1beta1.QueryParamsResponse': sdk.bank.v1beta1.QueryParamsResponse.Init
  'sdk.bank.v1beta1.QuerySendEnabledRequest': sdk.bank.v1beta1.QuerySendEnabledRequest.Init
  'sdk.bank.v1beta1.QuerySendEnabledResponse': sdk.bank.v1beta1.QuerySendEnabledResponse.Init
  'sdk.bank.v1beta1.QueryDenomsMetadataRequest': sdk.bank.v1beta1.QueryDenomsMetadataRequest.Init
  'sdk.bank.v1beta1.QueryDenomsMetadataResponse': sdk.bank.v1beta1.QueryDenomsMetadataResponse.Init
  'sdk.bank.v1beta1.QueryDenomMetadataRequest': sdk.bank.v1beta1.QueryDenomMetadataRequest.Init
  'sdk.bank.v1beta1.QueryDenomMetadataResponse': sdk.bank.v1beta1.QueryDenomMetadataResponse.Init
  'sdk.bank.v1beta1.QueryDenomMetadataByQueryStringRequest': sdk.bank.v1beta1.QueryDenomMetadataByQueryStringRequest.Init
  'sdk.bank.v1beta1.QueryDenomMetadataByQueryStringResponse': sdk.bank.v1beta1.QueryDenomMetadataByQueryStringResponse.Init
  'sdk.bank.v1beta1.QueryDenomOwnersRequest': sdk.bank.v1beta1.QueryDenomOwnersRequest.Init
  'sdk.bank.v1beta1.DenomOwner': sdk.bank.v1beta1.DenomOwner.Init
  'sdk.bank.v1beta1.QueryDenomOwnersResponse': sdk.bank.v1beta1.QueryDenomOwnersResponse.Init
  'sdk.bank.v1beta1.QueryDenomOwnersByQueryRequest': sdk.bank.v1beta1.QueryDenomOwnersByQueryRequest.Init
  'sdk.bank.v1beta1.QueryDenomOwnersByQueryResponse': sdk.bank.v1beta1.QueryDenomOwnersByQueryResponse.Init
  'sdk.bank.v1beta1.MsgSend': sdk.bank.v1beta1.MsgSend.Init
  'sdk.bank.v1beta1.MsgSendResponse': sdk.bank.v1beta1.MsgSendResponse.Init
  'sdk.bank.v1beta1.MsgMultiSend': sdk.bank.v1beta1.MsgMultiSend.Init
  'sdk.bank.v1beta1.MsgMultiSendResponse': sdk.bank.v1beta1.MsgMultiSendResponse.Init
  'sdk.bank.v1beta1.MsgUpdateParams': sdk.bank.v1beta1.MsgUpdateParams.Init
  'sdk.bank.v1beta1.MsgUpdateParamsResponse': sdk.bank.v1beta1.MsgUpdateParamsResponse.Init
  'sdk.bank.v1beta1.MsgSetSendEnabled': sdk.bank.v1beta1.MsgSetSendEnabled.Init
  'sdk.bank.v1beta1.MsgSetSendEnabledResponse': sdk.bank.v1beta1.MsgSetSendEnabledResponse.Init
  'sdk.base.abci.v1beta1.TxResponse': sdk.base.abci.v1beta1.TxResponse.Init
  'sdk.base.abci.v1beta1.ABCIMessageLog': sdk.base.abci.v1beta1.ABCIMessageLog.Init
  'sdk.base.abci.v1beta1.StringEvent': sdk.base.abci.v1beta1.StringEvent.Init
  'sdk.base.abci.v1beta1.Attribute': sdk.base.abci.v1beta1.Attribute.Init
  'sdk.base.abci.v1beta1.GasInfo': sdk.base.abci.v1beta1.GasInfo.Init
  'sdk.base.abci.v1beta1.Result': sdk.base.abci.v1beta1.Result.Init
  'sdk.base.abci.v1beta1.SimulationResponse': sdk.base.abci.v1beta1.SimulationResponse.Init
  'sdk.base.abci.v1beta1.MsgData': sdk.base.abci.v1beta1.MsgData.Init
  'sdk.base.abci.v1beta1.TxMsgData': sdk.base.abci.v1beta1.TxMsgData.Init
  'sdk.base.kv.v1beta1.Pairs': sdk.base.kv.v1beta1.Pairs.Init
  'sdk.base.kv.v1beta1.Pair': sdk.base.kv.v1beta1.Pair.Init
  'sdk.base.node.v1beta1.ConfigRequest': sdk.base.node.v1beta1.ConfigRequest.Init
  'sdk.base.node.v1beta1.ConfigResponse': sdk.base.node.v1beta1.ConfigResponse.Init
  'sdk.base.node.v1beta1.StatusRequest': sdk.base.node.v1beta1.StatusRequest.Init
  'sdk.base.node.v1beta1.StatusResponse': sdk.base.node.v1beta1.StatusResponse.Init
  'sdk.base.query.v1beta1.PageRequest': sdk.base.query.v1beta1.PageRequest.Init
  'sdk.base.query.v1beta1.PageResponse': sdk.base.query.v1beta1.PageResponse.Init
  'sdk.base.reflection.v1beta1.ListAllInterfacesRequest': sdk.base.reflection.v1beta1.ListAllInterfacesRequest.Init
  'sdk.base.reflection.v1beta1.ListAllInterfacesResponse': sdk.base.reflection.v1beta1.ListAllInterfacesResponse.Init
  'sdk.base.reflection.v1beta1.ListImplementationsRequest': sdk.base.reflection.v1beta1.ListImplementationsRequest.Init
  'sdk.base.reflection.v1beta1.ListImplementationsResponse': sdk.base.reflection.v1beta1.ListImplementationsResponse.Init
  'sdk.base.reflection.v2alpha1.AppDescriptor': sdk.base.reflection.v2alpha1.AppDescriptor.Init
  'sdk.base.reflection.v2alpha1.TxDescriptor': sdk.base.reflection.v2alpha1.TxDescriptor.Init
  'sdk.base.reflection.v2alpha1.AuthnDescriptor': sdk.base.reflection.v2alpha1.AuthnDescriptor.Init
  'sdk.base.reflection.v2alpha1.SigningModeDescriptor': sdk.base.reflection.v2alpha1.SigningModeDescriptor.Init
  'sdk.base.reflection.v2alpha1.ChainDescriptor': sdk.base.reflection.v2alpha1.ChainDescriptor.Init
  'sdk.base.reflection.v2alpha1.CodecDescriptor': sdk.base.reflection.v2alpha1.CodecDescriptor.Init
  'sdk.base.reflection.v2alpha1.InterfaceDescriptor': sdk.base.reflection.v2alpha1.InterfaceDescriptor.Init
  'sdk.base.reflection.v2alpha1.InterfaceImplementerDescriptor': sdk.base.reflection.v2alpha1.InterfaceImplementerDescriptor.Init
  'sdk.base.reflection.v2alpha1.InterfaceAcceptingMessageDescriptor': sdk.base.reflection.v2alpha1.InterfaceAcceptingMessageDescriptor.Init
  'sdk.base.reflection.v2alpha1.ConfigurationDescriptor': sdk.base.reflection.v2alpha1.ConfigurationDescriptor.Init
  'sdk.base.reflection.v2alpha1.MsgDescriptor': sdk.base.reflection.v2alpha1.MsgDescriptor.Init
  'sdk.base.reflection.v2alpha1.GetAuthnDescriptorRequest': sdk.base.reflection.v2alpha1.GetAuthnDescriptorRequest.Init
  'sdk.base.reflection.v2alpha1.GetAuthnDescriptorResponse': sdk.base.reflection.v2alpha1.GetAuthnDescriptorResponse.Init
  'sdk.base.reflection.v2alpha1.GetChainDescriptorRequest': sdk.base.reflection.v2alpha1.GetChainDescriptorRequest.Init
  'sdk.base.reflection.v2alpha1.GetChainDescriptorResponse': sdk.base.reflection.v2alpha1.GetChainDescriptorResponse.Init
  'sdk.base.reflection.v2alpha1.GetCodecDescriptorRequest': sdk.base.reflection.v2alpha1.GetCodecDescriptorRequest.Init
  'sdk.base.reflection.v2alpha1.GetCodecDescriptorResponse': sdk.base.reflection.v2alpha1.GetCodecDescriptorResponse.Init
  'sdk.base.reflection.v2alpha1.GetConfigurationDescriptorRequest': sdk.base.reflection.v2alpha1.GetConfigurationDescriptorRequest.Init
  'sdk.base.reflection.v2alpha1.GetConfigurationDescriptorResponse': sdk.base.reflection.v2alpha1.GetConfigurationDescriptorResponse.Init
  'sdk.base.reflection.v2alpha1.GetQueryServicesDescriptorRequest': sdk.base.reflection.v2alpha1.GetQueryServicesDescriptorRequest.Init
  'sdk.base.reflection.v2alpha1.GetQueryServicesDescriptorResponse': sdk.base.reflection.v2alpha1.GetQueryServicesDescriptorResponse.Init
  'sdk.base.reflection.v2alpha1.GetTxDescriptorRequest': sdk.base.reflection.v2alpha1.GetTxDescriptorRequest.Init
  'sdk.base.reflection.v2alpha1.GetTxDescriptorResponse': sdk.base.reflection.v2alpha1.GetTxDescriptorResponse.Init
  'sdk.base.reflection.v2alpha1.QueryServicesDescriptor': sdk.base.reflection.v2alpha1.QueryServicesDescriptor.Init
  'sdk.base.reflection.v2alpha1.QueryServiceDescriptor': sdk.base.reflection.v2alpha1.QueryServiceDescriptor.Init
  'sdk.base.reflection.v2alpha1.QueryMethodDescriptor': sdk.base.reflection.v2alpha1.QueryMethodDescriptor.Init
  'sdk.base.tendermint.v1beta1.GetValidatorSetByHeightRequest': sdk.base.tendermint.v1beta1.GetValidatorSetByHeightRequest.Init
  'sdk.base.tendermint.v1beta1.GetValidatorSetByHeightResponse': sdk.base.tendermint.v1beta1.GetValidatorSetByHeightResponse.Init
  'sdk.base.tendermint.v1beta1.GetLatestValidatorSetRequest': sdk.base.tendermint.v1beta1.GetLatestValidatorSetRequest.Init
  'sdk.base.tendermint.v1beta1.GetLatestValidatorSetResponse': sdk.base.tendermint.v1beta1.GetLatestValidatorSetResponse.Init
  'sdk.base.tendermint.v1beta1.Validator': sdk.base.tendermint.v1beta1.Validator.Init
  'sdk.base.tendermint.v1beta1.GetBlockByHeightRequest': sdk.base.tendermint.v1beta1.GetBlockByHeightRequest.Init
  'sdk.base.tendermint.v1beta1.GetBlockByHeightResponse': sdk.base.tendermint.v1beta1.GetBlockByHeightResponse.Init
  'sdk.base.tendermint.v1beta1.GetLatestBlockRequest': sdk.base.tendermint.v1beta1.GetLatestBlockRequest.Init
  'sdk.base.tendermint.v1beta1.GetLatestBlockResponse': sdk.base.tendermint.v1beta1.GetLatestBlockResponse.Init
  'sdk.base.tendermint.v1beta1.GetSyncingRequest': sdk.base.tendermint.v1beta1.GetSyncingRequest.Init
  'sdk.base.tendermint.v1beta1.GetSyncingResponse': sdk.base.tendermint.v1beta1.GetSyncingResponse.Init
  'sdk.base.tendermint.v1beta1.GetNodeInfoRequest': sdk.base.tendermint.v1beta1.GetNodeInfoRequest.Init
  'sdk.base.tendermint.v1beta1.GetNodeInfoResponse': sdk.base.tendermint.v1beta1.GetNodeInfoResponse.Init
  'sdk.base.tendermint.v1beta1.VersionInfo': sdk.base.tendermint.v1beta1.VersionInfo.Init
  'sdk.base.tendermint.v1beta1.Module': sdk.base.tendermint.v1beta1.Module.Init
  'sdk.base.tendermint.v1beta1.ABCIQueryRequest': sdk.base.tendermint.v1beta1.ABCIQueryRequest.Init
  'sdk.base.tendermint.v1beta1.ABCIQueryResponse': sdk.base.tendermint.v1beta1.ABCIQueryResponse.Init
  'sdk.base.tendermint.v1beta1.ProofOp': sdk.base.tendermint.v1beta1.ProofOp.Init
  'sdk.base.tendermint.v1beta1.ProofOps': sdk.base.tendermint.v1beta1.ProofOps.Init
  'sdk.base.tendermint.v1beta1.Block': sdk.base.tendermint.v1beta1.Block.Init
  'sdk.base.tendermint.v1beta1.Header': sdk.base.tendermint.v1beta1.Header.Init
  'sdk.base.v1beta1.Coin': sdk.base.v1beta1.Coin.Init
  'sdk.base.v1beta1.DecCoin': sdk.base.v1beta1.DecCoin.Init
  'sdk.consensus.v1.QueryParamsRequest': sdk.consensus.v1.QueryParamsRequest.Init
  'sdk.consensus.v1.QueryParamsResponse': sdk.consensus.v1.QueryParamsResponse.Init
  'sdk.consensus.v1.MsgUpdateParams': sdk.consensus.v1.MsgUpdateParams.Init
  'sdk.consensus.v1.MsgUpdateParamsResponse': sdk.consensus.v1.MsgUpdateParamsResponse.Init
  'sdk.crisis.v1beta1.GenesisState': sdk.crisis.v1beta1.GenesisState.Init
  'sdk.crisis.v1beta1.MsgVerifyInvariant': sdk.crisis.v1beta1.MsgVerifyInvariant.Init
  'sdk.crisis.v1beta1.MsgVerifyInvariantResponse': sdk.crisis.v1beta1.MsgVerifyInvariantResponse.Init
  'sdk.crisis.v1beta1.MsgUpdateParams': sdk.crisis.v1beta1.MsgUpdateParams.Init
  'sdk.crisis.v1beta1.MsgUpdateParamsResponse': sdk.crisis.v1beta1.MsgUpdateParamsResponse.Init
  'sdk.crypto.ed25519.PubKey': sdk.crypto.ed25519.PubKey.Init
  'sdk.crypto.hd.v1.BIP44Params': sdk.crypto.hd.v1.BIP44Params.Init
  'sdk.crypto.keyring.v1.Record': sdk.crypto.keyring.v1.Record.Init
  'sdk.crypto.keyring.v1.Record.Local': sdk.crypto.keyring.v1.Record.Local.Init
  'sdk.crypto.keyring.v1.Record.Ledger': sdk.crypto.keyring.v1.Record.Ledger.Init
  'sdk.crypto.keyring.v1.Record.Multi': sdk.crypto.keyring.v1.Record.Multi.Init
  'sdk.crypto.keyring.v1.Record.Offline': sdk.crypto.keyring.v1.Record.Offline.Init
  'sdk.crypto.multisig.LegacyAminoPubKey': sdk.crypto.multisig.LegacyAminoPubKey.Init
  'sdk.crypto.multisig.v1beta1.CompactBitArray': sdk.crypto.multisig.v1beta1.CompactBitArray.Init
  'sdk.crypto.multisig.v1beta1.MultiSignature': sdk.crypto.multisig.v1beta1.MultiSignature.Init
  'sdk.crypto.secp256k1.PubKey': sdk.crypto.secp256k1.PubKey.Init
  'sdk.crypto.secp256k1.PrivKey': sdk.crypto.secp256k1.PrivKey.Init
  'sdk.distribution.v1beta1.Params': sdk.distribution.v1beta1.Params.Init
  'sdk.distribution.v1beta1.ValidatorHistoricalRewards': sdk.distribution.v1beta1.ValidatorHistoricalRewards.Init
  'sdk.distribution.v1beta1.ValidatorCurrentRewards': sdk.distribution.v1beta1.ValidatorCurrentRewards.Init
  'sdk.distribution.v1beta1.ValidatorAccumulatedCommission': sdk.distribution.v1beta1.ValidatorAccumulatedCommission.Init
  'sdk.distribution.v1beta1.ValidatorOutstandingRewards': sdk.distribution.v1beta1.ValidatorOutstandingRewards.Init
  'sdk.distribution.v1beta1.ValidatorSlashEvent': sdk.distribution.v1beta1.ValidatorSlashEvent.Init
  'sdk.distribution.v1beta1.ValidatorSlashEvents': sdk.distribution.v1beta1.ValidatorSlashEvents.Init
  'sdk.distribution.v1beta1.FeePool': sdk.distribution.v1beta1.FeePool.Init
  'sdk.distribution.v1beta1.DelegatorStartingInfo': sdk.distribution.v1beta1.DelegatorStartingInfo.Init
  'sdk.distribution.v1beta1.DelegationDelegatorReward': sdk.distribution.v1beta1.DelegationDelegatorReward.Init
  'sdk.distribution.v1beta1.DelegatorWithdrawInfo': sdk.distribution.v1beta1.DelegatorWithdrawInfo.Init
  'sdk.distribution.v1beta1.ValidatorOutstandingRewardsRecord': sdk.distribution.v1beta1.ValidatorOutstandingRewardsRecord.Init
  'sdk.distribution.v1beta1.ValidatorAccumulatedCommissionRecord': sdk.distribution.v1beta1.ValidatorAccumulatedCommissionRecord.Init
  'sdk.distribution.v1beta1.ValidatorHistoricalRewardsRecord': sdk.distribution.v1beta1.ValidatorHistoricalRewardsRecord.Init
  'sdk.distribution.v1beta1.ValidatorCurrentRewardsRecord': sdk.distribution.v1beta1.ValidatorCurrentRewardsRecord.Init
  'sdk.distribution.v1beta1.DelegatorStartingInfoRecord': sdk.distribution.v1beta1.DelegatorStartingInfoRecord.Init
  'sdk.distribution.v1beta1.ValidatorSlashEventRecord': sdk.distribution.v1beta1.ValidatorSlashEventRecord.Init
  'sdk.distribution.v1beta1.GenesisState': sdk.distribution.v1beta1.GenesisState.Init
  'sdk.distribution.v1beta1.QueryParamsRequest': sdk.distribution.v1beta1.QueryParamsRequest.Init
  'sdk.distribution.v1beta1.QueryParamsResponse': sdk.distribution.v1beta1.QueryParamsResponse.Init
  'sdk.distribution.v1beta1.QueryValidatorDistributionInfoRequest': sdk.distribution.v1beta1.QueryValidatorDistributionInfoRequest.Init
  'sdk.distribution.v1beta1.QueryValidatorDistributionInfoResponse': sdk.distribution.v1beta1.QueryValidatorDistributionInfoResponse.Init
  'sdk.distribution.v1beta1.QueryValidatorOutstandingRewardsRequest': sdk.distribution.v1beta1.QueryValidatorOutstandingRewardsRequest.Init
  'sdk.distribution.v1beta1.QueryValidatorOutstandingRewardsResponse': sdk.distribution.v1beta1.QueryValidatorOutstandingRewardsResponse.Init
  'sdk.distribution.v1beta1.QueryValidatorCommissionRequest': sdk.distribution.v1beta1.QueryValidatorCommissionRequest.Init
  'sdk.distribution.v1beta1.QueryValidatorCommissionResponse': sdk.distribution.v1beta1.QueryValidatorCommissionResponse.Init
  'sdk.distribution.v1beta1.QueryValidatorSlashesRequest': sdk.distribution.v1beta1.QueryValidatorSlashesRequest.Init
  'sdk.distribution.v1beta1.QueryValidatorSlashesResponse': sdk.distribution.v1beta1.QueryValidatorSlashesResponse.Init
  'sdk.distribution.v1beta1.QueryDelegationRewardsRequest': sdk.distribution.v1beta1.QueryDelegationRewardsRequest.Init
  'sdk.distribution.v1beta1.QueryDelegationRewardsResponse': sdk.distribution.v1beta1.QueryDelegationRewardsResponse.Init
  'sdk.distribution.v1beta1.QueryDelegationTotalRewardsRequest': sdk.distribution.v1beta1.QueryDelegationTotalRewardsRequest.Init
  'sdk.distribution.v1beta1.QueryDelegationTotalRewardsResponse': sdk.distribution.v1beta1.QueryDelegationTotalRewardsResponse.Init
  'sdk.distribution.v1beta1.QueryDelegatorValidatorsRequest': sdk.distribution.v1beta1.QueryDelegatorValidatorsRequest.Init
  'sdk.distribution.v1beta1.QueryDelegatorValidatorsResponse': sdk.distribution.v1beta1.QueryDelegatorValidatorsResponse.Init
  'sdk.distribution.v1beta1.QueryDelegatorWithdrawAddressRequest': sdk.distribution.v1beta1.QueryDelegatorWithdrawAddressRequest.Init
  'sdk.distribution.v1beta1.QueryDelegatorWithdrawAddressResponse': sdk.distribution.v1beta1.QueryDelegatorWithdrawAddressResponse.Init
  'sdk.distribution.v1beta1.QueryCommunityPoolRequest': sdk.distribution.v1beta1.QueryCommunityPoolRequest.Init
  'sdk.distribution.v1beta1.QueryCommunityPoolResponse': sdk.distribution.v1beta1.QueryCommunityPoolResponse.Init
  'sdk.distribution.v1beta1.MsgSetWithdrawAddress': sdk.distribution.v1beta1.MsgSetWithdrawAddress.Init
  'sdk.distribution.v1beta1.MsgSetWithdrawAddressResponse': sdk.distribution.v1beta1.MsgSetWithdrawAddressResponse.Init
  'sdk.distribution.v1beta1.MsgWithdrawDelegatorReward': sdk.distribution.v1beta1.MsgWithdrawDelegatorReward.Init
  'sdk.distribution.v1beta1.MsgWithdrawDelegatorRewardResponse': sdk.distribution.v1beta1.MsgWithdrawDelegatorRewardResponse.Init
  'sdk.distribution.v1beta1.MsgWithdrawValidatorCommission': sdk.distribution.v1beta1.MsgWithdrawValidatorCommission.Init
  'sdk.distribution.v1beta1.MsgWithdrawValidatorCommissionResponse': sdk.distribution.v1beta1.MsgWithdrawValidatorCommissionResponse.Init
  'sdk.distribution.v1beta1.MsgFundCommunityPool': sdk.distribution.v1beta1.MsgFundCommunityPool.Init
  'sdk.distribution.v1beta1.MsgFundCommunityPoolResponse': sdk.distribution.v1beta1.MsgFundCommunityPoolResponse.Init
  'sdk.distribution.v1beta1.MsgUpdateParams': sdk.distribution.v1beta1.MsgUpdateParams.Init
  'sdk.distribution.v1beta1.MsgUpdateParamsResponse': sdk.distribution.v1beta1.MsgUpdateParamsResponse.Init
  'sdk.distribution.v1beta1.MsgCommunityPoolSpend': sdk.distribution.v1beta1.MsgCommunityPoolSpend.Init
  'sdk.distribution.v1beta1.MsgCommunityPoolSpendResponse': sdk.distribution.v1beta1.MsgCommunityPoolSpendResponse.Init
  'sdk.distribution.v1beta1.MsgDepositValidatorRewardsPool': sdk.distribution.v1beta1.MsgDepositValidatorRewardsPool.Init
  'sdk.distribution.v1beta1.MsgDepositValidatorRewardsPoolResponse': sdk.distribution.v1beta1.MsgDepositValidatorRewardsPoolResponse.Init
  'sdk.evidence.v1beta1.Equivocation': sdk.evidence.v1beta1.Equivocation.Init
  'sdk.evidence.v1beta1.GenesisState': sdk.evidence.v1beta1.GenesisState.Init
  'sdk.evidence.v1beta1.QueryEvidenceRequest': sdk.evidence.v1beta1.QueryEvidenceRequest.Init
  'sdk.evidence.v1beta1.QueryEvidenceResponse': sdk.evidence.v1beta1.QueryEvidenceResponse.Init
  'sdk.evidence.v1beta1.QueryAllEvidenceRequest': sdk.evidence.v1beta1.QueryAllEvidenceRequest.Init
  'sdk.evidence.v1beta1.QueryAllEvidenceResponse': sdk.evidence.v1beta1.QueryAllEvidenceResponse.Init
  'sdk.gov.v1.GenesisState': sdk.gov.v1.GenesisState.Init
  'sdk.gov.v1.WeightedVoteOption': sdk.gov.v1.WeightedVoteOption.Init
  'sdk.gov.v1.Deposit': sdk.gov.v1.Deposit.Init
  'sdk.gov.v1.Proposal': sdk.gov.v1.Proposal.Init
  'sdk.gov.v1.TallyResult': sdk.gov.v1.TallyResult.Init
  'sdk.gov.v1.Vote': sdk.gov.v1.Vote.Init
  'sdk.gov.v1.DepositParams': sdk.gov.v1.DepositParams.Init
  'sdk.gov.v1.VotingParams': sdk.gov.v1.VotingParams.Init
  'sdk.gov.v1.TallyParams': sdk.gov.v1.TallyParams.Init
  'sdk.gov.v1.Params': sdk.gov.v1.Params.Init
  'sdk.gov.v1.QueryConstitutionRequest': sdk.gov.v1.QueryConstitutionRequest.Init
  'sdk.gov.v1.QueryConstitutionResponse': sdk.gov.v1.QueryConstitutionResponse.Init
  'sdk.gov.v1.QueryProposalRequest': sdk.gov.v1.QueryProposalRequest.Init
  'sdk.gov.v1.QueryProposalResponse': sdk.gov.v1.QueryProposalResponse.Init
  'sdk.gov.v1.QueryProposalsRequest': sdk.gov.v1.QueryProposalsRequest.Init
  'sdk.gov.v1.QueryProposalsResponse': sdk.gov.v1.QueryProposalsResponse.Init
  'sdk.gov.v1.QueryVoteRequest': sdk.gov.v1.QueryVoteRequest.Init
  'sdk.gov.v1.QueryVoteResponse': sdk.gov.v1.QueryVoteResponse.Init
  'sdk.gov.v1.QueryVotesRequest': sdk.gov.v1.QueryVotesRequest.Init
  'sdk.gov.v1.QueryVotesResponse': sdk.gov.v1.QueryVotesResponse.Init
  'sdk.gov.v1.QueryParamsRequest': sdk.gov.v1.QueryParamsRequest.Init
  'sdk.gov.v1.QueryParamsResponse': sdk.gov.v1.QueryParamsResponse.Init
  'sdk.gov.v1.QueryDepositRequest': sdk.gov.v1.QueryDepositRequest.Init
  'sdk.gov.v1.QueryDepositResponse': sdk.gov.v1.QueryDepositResponse.Init
  'sdk.gov.v1.QueryDepositsRequest': sdk.gov.v1.QueryDepositsRequest.Init
  'sdk.gov.v1.QueryDepositsResponse': sdk.gov.v1.QueryDepositsResponse.Init
  'sdk.gov.v1.QueryTallyResultRequest': sdk.gov.v1.QueryTallyResultRequest.Init
  'sdk.gov.v1.QueryTallyResultResponse': sdk.gov.v1.QueryTallyResultResponse.Init
  'sdk.gov.v1.MsgSubmitProposal': sdk.gov.v1.MsgSubmitProposal.Init
  'sdk.gov.v1.MsgSubmitProposalResponse': sdk.gov.v1.MsgSubmitProposalResponse.Init
  'sdk.gov.v1.MsgExecLegacyContent': sdk.gov.v1.MsgExecLegacyContent.Init
  'sdk.gov.v1.MsgExecLegacyContentResponse': sdk.gov.v1.MsgExecLegacyContentResponse.Init
  'sdk.gov.v1.MsgVote': sdk.gov.v1.MsgVote.Init
  'sdk.gov.v1.MsgVoteResponse': sdk.gov.v1.MsgVoteResponse.Init
  'sdk.gov.v1.MsgVoteWeighted': sdk.gov.v1.MsgVoteWeighted.Init
  'sdk.gov.v1.MsgVoteWeightedResponse': sdk.gov.v1.MsgVoteWeightedResponse.Init
  'sdk.gov.v1.MsgDeposit': sdk.gov.v1.MsgDeposit.Init
  'sdk.gov.v1.MsgDepositResponse': sdk.gov.v1.MsgDepositResponse.Init
  'sdk.gov.v1.MsgUpdateParams': sdk.gov.v1.MsgUpdateParams.Init
  'sdk.gov.v1.MsgUpdateParamsResponse': sdk.gov.v1.MsgUpdateParamsResponse.Init
  'sdk.gov.v1.MsgCancelProposal': sdk.gov.v1.MsgCancelProposal.Init
  'sdk.gov.v1.MsgCancelProposalResponse': sdk.gov.v1.MsgCancelProposalResponse.Init
  'sdk.gov.v1beta1.WeightedVoteOption': sdk.gov.v1beta1.WeightedVoteOption.Init
  'sdk.gov.v1beta1.TextProposal': sdk.gov.v1beta1.TextProposal.Init
  'sdk.gov.v1beta1.Deposit': sdk.gov.v1beta1.Deposit.Init
  'sdk.gov.v1beta1.Proposal': sdk.gov.v1beta1.Proposal.Init
  'sdk.gov.v1beta1.TallyResult': sdk.gov.v1beta1.TallyResult.Init
  'sdk.gov.v1beta1.Vote': sdk.gov.v1beta1.Vote.Init
  'sdk.gov.v1beta1.DepositParams': sdk.gov.v1beta1.DepositParams.Init
  'sdk.gov.v1beta1.VotingParams': sdk.gov.v1beta1.VotingParams.Init
  'sdk.gov.v1beta1.TallyParams': sdk.gov.v1beta1.TallyParams.Init
  'sdk.gov.v1beta1.QueryProposalRequest': sdk.gov.v1beta1.QueryProposalRequest.Init
  'sdk.gov.v1beta1.QueryProposalResponse': sdk.gov.v1beta1.QueryProposalResponse.Init
  'sdk.gov.v1beta1.QueryProposalsRequest': sdk.gov.v1beta1.QueryProposalsRequest.Init
  'sdk.gov.v1beta1.QueryProposalsResponse': sdk.gov.v1beta1.QueryProposalsResponse.Init
  'sdk.gov.v1beta1.QueryVoteRequest': sdk.gov.v1beta1.QueryVoteRequest.Init
  'sdk.gov.v1beta1.QueryVoteResponse': sdk.gov.v1beta1.QueryVoteResponse.Init
  'sdk.gov.v1beta1.QueryVotesRequest': sdk.gov.v1beta1.QueryVotesRequest.Init
  'sdk.gov.v1beta1.QueryVotesResponse': sdk.gov.v1beta1.QueryVotesResponse.Init
  'sdk.gov.v1beta1.QueryParamsRequest': sdk.gov.v1beta1.QueryParamsRequest.Init
  'sdk.gov.v1beta1.QueryParamsResponse': sdk.gov.v1beta1.QueryParamsResponse.Init
  'sdk.gov.v1beta1.QueryDepositRequest': sdk.gov.v1beta1.QueryDepositRequest.Init
  'sdk.gov.v1beta1.QueryDepositResponse': sdk.gov.v1beta1.QueryDepositResponse.Init
  'sdk.gov.v1beta1.QueryDepositsRequest': sdk.gov.v1beta1.QueryDepositsRequest.Init
  'sdk.gov.v1beta1.QueryDepositsResponse': sdk.gov.v1beta1.QueryDepositsResponse.Init
  'sdk.gov.v1beta1.QueryTallyResultRequest': sdk.gov.v1beta1.QueryTallyResultRequest.Init
  'sdk.gov.v1beta1.QueryTallyResultResponse': sdk.gov.v1beta1.QueryTallyResultResponse.Init
  'sdk.gov.v1beta1.MsgSubmitProposal': sdk.gov.v1beta1.MsgSubmitProposal.Init
  'sdk.gov.v1beta1.MsgSubmitProposalResponse': sdk.gov.v1beta1.MsgSubmitProposalResponse.Init
  'sdk.gov.v1beta1.MsgVote': sdk.gov.v1beta1.MsgVote.Init
  'sdk.gov.v1beta1.MsgVoteResponse': sdk.gov.v1beta1.MsgVoteResponse.Init
  'sdk.gov.v1beta1.MsgVoteWeighted': sdk.gov.v1beta1.MsgVoteWeighted.Init
  'sdk.gov.v1beta1.MsgVoteWeightedResponse': sdk.gov.v1beta1.MsgVoteWeightedResponse.Init
  'sdk.gov.v1beta1.MsgDeposit': sdk.gov.v1beta1.MsgDeposit.Init
  'sdk.gov.v1beta1.MsgDepositResponse': sdk.gov.v1beta1.MsgDepositResponse.Init
  'sdk.mint.v1beta1.GenesisState': sdk.mint.v1beta1.GenesisState.Init
  'sdk.mint.v1beta1.Minter': sdk.mint.v1beta1.Minter.Init
  'sdk.mint.v1beta1.Params': sdk.mint.v1beta1.Params.Init
  'sdk.mint.v1beta1.QueryParamsRequest': sdk.mint.v1beta1.QueryParamsRequest.Init
  'sdk.mint.v1beta1.QueryParamsResponse': sdk.mint.v1beta1.QueryParamsResponse.Init
  'sdk.mint.v1beta1.QueryInflationRequest': sdk.mint.v1beta1.QueryInflationRequest.Init
  'sdk.mint.v1beta1.QueryInflationResponse': sdk.mint.v1beta1.QueryInflationResponse.Init
  'sdk.mint.v1beta1.QueryAnnualProvisionsRequest': sdk.mint.v1beta1.QueryAnnualProvisionsRequest.Init
  'sdk.mint.v1beta1.QueryAnnualProvisionsResponse': sdk.mint.v1beta1.QueryAnnualProvisionsResponse.Init
  'sdk.mint.v1beta1.MsgUpdateParams': sdk.mint.v1beta1.MsgUpdateParams.Init
  'sdk.mint.v1beta1.MsgUpdateParamsResponse': sdk.mint.v1beta1.MsgUpdateParamsResponse.Init
  'sdk.params.v1beta1.QueryParamsRequest': sdk.params.v1beta1.QueryParamsRequest.Init
  'sdk.params.v1beta1.QueryParamsResponse': sdk.params.v1beta1.QueryParamsResponse.Init
  'sdk.params.v1beta1.ParamChange': sdk.params.v1beta1.ParamChange.Init
  'sdk.params.v1beta1.QuerySubspacesRequest': sdk.params.v1beta1.QuerySubspacesRequest.Init
  'sdk.params.v1beta1.QuerySubspacesResponse': sdk.params.v1beta1.QuerySubspacesResponse.Init
  'sdk.params.v1beta1.Subspace': sdk.params.v1beta1.Subspace.Init
  'sdk.reflection.v1.FileDescriptorsRequest': sdk.reflection.v1.FileDescriptorsRequest.Init
  'sdk.reflection.v1.FileDescriptorsResponse': sdk.reflection.v1.FileDescriptorsResponse.Init
  'sdk.slashing.v1beta1.GenesisState': sdk.slashing.v1beta1.GenesisState.Init
  'sdk.slashing.v1beta1.SigningInfo': sdk.slashing.v1beta1.SigningInfo.Init
  'sdk.slashing.v1beta1.ValidatorMissedBlocks': sdk.slashing.v1beta1.ValidatorMissedBlocks.Init
  'sdk.slashing.v1beta1.MissedBlock': sdk.slashing.v1beta1.MissedBlock.Init
  'sdk.slashing.v1beta1.QueryParamsRequest': sdk.slashing.v1beta1.QueryParamsRequest.Init
  'sdk.slashing.v1beta1.QueryParamsResponse': sdk.slashing.v1beta1.QueryParamsResponse.Init
  'sdk.slashing.v1beta1.QuerySigningInfoRequest': sdk.slashing.v1beta1.QuerySigningInfoRequest.Init
  'sdk.slashing.v1beta1.QuerySigningInfoResponse': sdk.slashing.v1beta1.QuerySigningInfoResponse.Init
  'sdk.slashing.v1beta1.QuerySigningInfosRequest': sdk.slashing.v1beta1.QuerySigningInfosRequest.Init
  'sdk.slashing.v1beta1.QuerySigningInfosResponse': sdk.slashing.v1beta1.QuerySigningInfosResponse.Init
  'sdk.slashing.v1beta1.ValidatorSigningInfo': sdk.slashing.v1beta1.ValidatorSigningInfo.Init
  'sdk.slashing.v1beta1.Params': sdk.slashing.v1beta1.Params.Init
  'sdk.slashing.v1beta1.MsgUnjail': sdk.slashing.v1beta1.MsgUnjail.Init
  'sdk.slashing.v1beta1.MsgUnjailResponse': sdk.slashing.v1beta1.MsgUnjailResponse.Init
  'sdk.slashing.v1beta1.MsgUpdateParams': sdk.slashing.v1beta1.MsgUpdateParams.Init
  'sdk.slashing.v1beta1.MsgUpdateParamsResponse': sdk.slashing.v1beta1.MsgUpdateParamsResponse.Init
  'sdk.staking.v1beta1.GenesisState': sdk.staking.v1beta1.GenesisState.Init
  'sdk.staking.v1beta1.LastValidatorPower': sdk.staking.v1beta1.LastValidatorPower.Init
  'sdk.staking.v1beta1.QueryValidatorsRequest': sdk.staking.v1beta1.QueryValidatorsRequest.Init
  'sdk.staking.v1beta1.QueryValidatorsResponse': sdk.staking.v1beta1.QueryValidatorsResponse.Init
  'sdk.staking.v1beta1.QueryValidatorRequest': sdk.staking.v1beta1.QueryValidatorRequest.Init
  'sdk.staking.v1beta1.QueryValidatorResponse': sdk.staking.v1beta1.QueryValidatorResponse.Init
  'sdk.staking.v1beta1.QueryValidatorDelegationsRequest': sdk.staking.v1beta1.QueryValidatorDelegationsRequest.Init
  'sdk.staking.v1beta1.QueryValidatorDelegationsResponse': sdk.staking.v1beta1.QueryValidatorDelegationsResponse.Init
  'sdk.staking.v1beta1.QueryValidatorUnbondingDelegationsRequest': sdk.staking.v1beta1.QueryValidatorUnbondingDelegationsRequest.Init
  'sdk.staking.v1beta1.QueryValidatorUnbondingDelegationsResponse': sdk.staking.v1beta1.QueryValidatorUnbondingDelegationsResponse.Init
  'sdk.staking.v1beta1.QueryDelegationRequest': sdk.staking.v1beta1.QueryDelegationRequest.Init
  'sdk.staking.v1beta1.QueryDelegationResponse': sdk.staking.v1beta1.QueryDelegationResponse.Init
  'sdk.staking.v1beta1.QueryUnbondingDelegationRequest': sdk.staking.v1beta1.QueryUnbondingDelegationRequest.Init
  'sdk.staking.v1beta1.QueryUnbondingDelegationResponse': sdk.staking.v1beta1.QueryUnbondingDelegationResponse.Init
  'sdk.staking.v1beta1.QueryDelegatorDelegationsRequest': sdk.staking.v1beta1.QueryDelegatorDelegationsRequest.Init
  'sdk.staking.v1beta1.DelegationResponse': sdk.staking.v1beta1.DelegationResponse.Init
  'sdk.staking.v1beta1.QueryDelegatorDelegationsResponse': sdk.staking.v1beta1.QueryDelegatorDelegationsResponse.Init
  'sdk.staking.v1beta1.QueryDelegatorUnbondingDelegationsRequest': sdk.staking.v1beta1.QueryDelegatorUnbondingDelegationsRequest.Init
  'sdk.staking.v1beta1.QueryDelegatorUnbondingDelegationsResponse': sdk.staking.v1beta1.QueryDelegatorUnbondingDelegationsResponse.Init
  'sdk.staking.v1beta1.QueryRedelegationsRequest': sdk.staking.v1beta1.QueryRedelegationsRequest.Init
  'sdk.staking.v1beta1.QueryRedelegationsResponse': sdk.staking.v1beta1.QueryRedelegationsResponse.Init
  'sdk.staking.v1beta1.QueryDelegatorValidatorsRequest': sdk.staking.v1beta1.QueryDelegatorValidatorsRequest.Init
  'sdk.staking.v1beta1.QueryDelegatorValidatorsResponse': sdk.staking.v1beta1.QueryDelegatorValidatorsResponse.Init
  'sdk.staking.v1beta1.QueryDelegatorValidatorRequest': sdk.staking.v1beta1.QueryDelegatorValidatorRequest.Init
  'sdk.staking.v1beta1.QueryDelegatorValidatorResponse': sdk.staking.v1beta1.QueryDelegatorValidatorResponse.Init
  'sdk.staking.v1beta1.QueryHistoricalInfoRequest': sdk.staking.v1beta1.QueryHistoricalInfoRequest.Init
  'sdk.staking.v1beta1.QueryHistoricalInfoResponse': sdk.staking.v1beta1.QueryHistoricalInfoResponse.Init
  'sdk.staking.v1beta1.QueryPoolRequest': sdk.staking.v1beta1.QueryPoolRequest.Init
  'sdk.staking.v1beta1.QueryPoolResponse': sdk.staking.v1beta1.QueryPoolResponse.Init
  'sdk.staking.v1beta1.QueryParamsRequest': sdk.staking.v1beta1.QueryParamsRequest.Init
  'sdk.staking.v1beta1.QueryParamsResponse': sdk.staking.v1beta1.QueryParamsResponse.Init
  'sdk.staking.v1beta1.CommissionRates': sdk.staking.v1beta1.CommissionRates.Init
  'sdk.staking.v1beta1.Commission': sdk.staking.v1beta1.Commission.Init
  'sdk.staking.v1beta1.Description': sdk.staking.v1beta1.Description.Init
  'sdk.staking.v1beta1.Validator': sdk.staking.v1beta1.Validator.Init
  'sdk.staking.v1beta1.Delegation': sdk.staking.v1beta1.Delegation.Init
  'sdk.staking.v1beta1.UnbondingDelegationEntry': sdk.staking.v1beta1.UnbondingDelegationEntry.Init
  'sdk.staking.v1beta1.UnbondingDelegation': sdk.staking.v1beta1.UnbondingDelegation.Init
  'sdk.staking.v1beta1.RedelegationEntry': sdk.staking.v1beta1.RedelegationEntry.Init
  'sdk.staking.v1beta1.Redelegation': sdk.staking.v1beta1.Redelegation.Init
  'sdk.staking.v1beta1.Params': sdk.staking.v1beta1.Params.Init
  'sdk.staking.v1beta1.Pool': sdk.staking.v1beta1.Pool.Init
  'sdk.staking.v1beta1.HistoricalInfo': sdk.staking.v1beta1.HistoricalInfo.Init
  'sdk.staking.v1beta1.ValAddresses': sdk.staking.v1beta1.ValAddresses.Init
  'sdk.staking.v1beta1.DVPair': sdk.staking.v1beta1.DVPair.Init
  'sdk.staking.v1beta1.DVPairs': sdk.staking.v1beta1.DVPairs.Init
  'sdk.staking.v1beta1.DVVTriplet': sdk.staking.v1beta1.DVVTriplet.Init
  'sdk.staking.v1beta1.DVVTriplets': sdk.staking.v1beta1.DVVTriplets.Init
  'sdk.staking.v1beta1.RedelegationEntryResponse': sdk.staking.v1beta1.RedelegationEntryResponse.Init
  'sdk.staking.v1beta1.RedelegationResponse': sdk.staking.v1beta1.RedelegationResponse.Init
  'sdk.staking.v1beta1.ValidatorUpdates': sdk.staking.v1beta1.ValidatorUpdates.Init
  'sdk.staking.v1beta1.MsgCreateValidator': sdk.staking.v1beta1.MsgCreateValidator.Init
  'sdk.staking.v1beta1.MsgCreateValidatorResponse': sdk.staking.v1beta1.MsgCreateValidatorResponse.Init
  'sdk.staking.v1beta1.MsgEditValidator': sdk.staking.v1beta1.MsgEditValidator.Init
  'sdk.staking.v1beta1.MsgEditValidatorResponse': sdk.staking.v1beta1.MsgEditValidatorResponse.Init
  'sdk.staking.v1beta1.MsgDelegate': sdk.staking.v1beta1.MsgDelegate.Init
  'sdk.staking.v1beta1.MsgDelegateResponse': sdk.staking.v1beta1.MsgDelegateResponse.Init
  'sdk.staking.v1beta1.MsgBeginRedelegate': sdk.staking.v1beta1.MsgBeginRedelegate.Init
  'sdk.staking.v1beta1.MsgBeginRedelegateResponse': sdk.staking.v1beta1.MsgBeginRedelegateResponse.Init
  'sdk.staking.v1beta1.MsgUndelegate': sdk.staking.v1beta1.MsgUndelegate.Init
  'sdk.staking.v1beta1.MsgUndelegateResponse': sdk.staking.v1beta1.MsgUndelegateResponse.Init
  'sdk.staking.v1beta1.MsgCancelUnbondingDelegation': sdk.staking.v1beta1.MsgCancelUnbondingDelegation.Init
  'sdk.staking.v1beta1.MsgCancelUnbondingDelegationResponse': sdk.staking.v1beta1.MsgCancelUnbondingDelegationResponse.Init
  'sdk.staking.v1beta1.MsgUpdateParams': sdk.staking.v1beta1.MsgUpdateParams.Init
  'sdk.staking.v1beta1.MsgUpdateParamsResponse': sdk.staking.v1beta1.MsgUpdateParamsResponse.Init
  'sdk.store.snapshots.v1.Snapshot': sdk.store.snapshots.v1.Snapshot.Init
  'sdk.store.snapshots.v1.Metadata': sdk.store.snapshots.v1.Metadata.Init
  'sdk.store.snapshots.v1.SnapshotItem': sdk.store.snapshots.v1.SnapshotItem.Init
  'sdk.store.snapshots.v1.SnapshotStoreItem': sdk.store.snapshots.v1.SnapshotStoreItem.Init
  'sdk.store.snapshots.v1.SnapshotIAVLItem': sdk.store.snapshots.v1.SnapshotIAVLItem.Init
  'sdk.store.snapshots.v1.SnapshotExtensionMeta': sdk.store.snapshots.v1.SnapshotExtensionMeta.Init
  'sdk.store.snapshots.v1.SnapshotExtensionPayload': sdk.store.snapshots.v1.SnapshotExtensionPayload.Init
  'sdk.store.v1.BlockRecord': sdk.store.v1.BlockRecord.Init
  'sdk.tx.v1beta1.GetTxsEventRequest': sdk.tx.v1beta1.GetTxsEventRequest.Init
  'sdk.tx.v1beta1.GetTxsEventResponse': sdk.tx.v1beta1.GetTxsEventResponse.Init
  'sdk.tx.v1beta1.BroadcastTxRequest': sdk.tx.v1beta1.BroadcastTxRequest.Init
  'sdk.tx.v1beta1.BroadcastTxResponse': sdk.tx.v1beta1.BroadcastTxResponse.Init
  'sdk.tx.v1beta1.SimulateRequest': sdk.tx.v1beta1.SimulateRequest.Init
  'sdk.tx.v1beta1.SimulateResponse': sdk.tx.v1beta1.SimulateResponse.Init
  'sdk.tx.v1beta1.GetTxRequest': sdk.tx.v1beta1.GetTxRequest.Init
  'sdk.tx.v1beta1.GetTxResponse': sdk.tx.v1beta1.GetTxResponse.Init
  'sdk.tx.v1beta1.GetBlockWithTxsRequest': sdk.tx.v1beta1.GetBlockWithTxsRequest.Init
  'sdk.tx.v1beta1.GetBlockWithTxsResponse': sdk.tx.v1beta1.GetBlockWithTxsResponse.Init
  'sdk.tx.v1beta1.TxDecodeRequest': sdk.tx.v1beta1.TxDecodeRequest.Init
  'sdk.tx.v1beta1.TxDecodeResponse': sdk.tx.v1beta1.TxDecodeResponse.Init
  'sdk.tx.v1beta1.TxEncodeRequest': sdk.tx.v1beta1.TxEncodeRequest.Init
  'sdk.tx.v1beta1.TxEncodeResponse': sdk.tx.v1beta1.TxEncodeResponse.Init
  'sdk.tx.v1beta1.Tx': sdk.tx.v1beta1.Tx.Init
  'sdk.tx.v1beta1.TxRaw': sdk.tx.v1beta1.TxRaw.Init
  'sdk.tx.v1beta1.SignDoc': sdk.tx.v1beta1.SignDoc.Init
  'sdk.tx.v1beta1.TxBody': sdk.tx.v1beta1.TxBody.Init
  'sdk.tx.v1beta1.AuthInfo': sdk.tx.v1beta1.AuthInfo.Init
  'sdk.tx.v1beta1.SignerInfo': sdk.tx.v1beta1.SignerInfo.Init
  'sdk.tx.v1beta1.ModeInfo': sdk.tx.v1beta1.ModeInfo.Init
  'sdk.tx.v1beta1.ModeInfo.Single': sdk.tx.v1beta1.ModeInfo.Single.Init
  'sdk.tx.v1beta1.ModeInfo.Multi': sdk.tx.v1beta1.ModeInfo.Multi.Init
  'sdk.tx.v1beta1.Fee': sdk.tx.v1beta1.Fee.Init
  'sdk.tx.v1beta1.Tip': sdk.tx.v1beta1.Tip.Init
  'sdk.upgrade.v1beta1.QueryCurrentPlanRequest': sdk.upgrade.v1beta1.QueryCurrentPlanRequest.Init
  'sdk.upgrade.v1beta1.QueryCurrentPlanResponse': sdk.upgrade.v1beta1.QueryCurrentPlanResponse.Init
  'sdk.upgrade.v1beta1.QueryAppliedPlanRequest': sdk.upgrade.v1beta1.QueryAppliedPlanRequest.Init
  'sdk.upgrade.v1beta1.QueryAppliedPlanResponse': sdk.upgrade.v1beta1.QueryAppliedPlanResponse.Init
  'sdk.upgrade.v1beta1.QueryUpgradedConsensusStateRequest': sdk.upgrade.v1beta1.QueryUpgradedConsensusStateRequest.Init
  'sdk.upgrade.v1beta1.QueryUpgradedConsensusStateResponse': sdk.upgrade.v1beta1.QueryUpgradedConsensusStateResponse.Init
  'sdk.upgrade.v1beta1.QueryModuleVersionsRequest': sdk.upgrade.v1beta1.QueryModuleVersionsRequest.Init
  'sdk.upgrade.v1beta1.QueryModuleVersionsResponse': sdk.upgrade.v1beta1.QueryModuleVersionsResponse.Init
  'sdk.upgrade.v1beta1.QueryAuthorityRequest': sdk.upgrade.v1beta1.QueryAuthorityRequest.Init
  'sdk.upgrade.v1beta1.QueryAuthorityResponse': sdk.upgrade.v1beta1.QueryAuthorityResponse.Init
  'sdk.upgrade.v1beta1.MsgSoftwareUpgrade': sdk.upgrade.v1beta1.MsgSoftwareUpgrade.Init
  'sdk.upgrade.v1beta1.MsgSoftwareUpgradeResponse': sdk.upgrade.v1beta1.MsgSoftwareUpgradeResponse.Init
  'sdk.upgrade.v1beta1.MsgCancelUpgrade': sdk.upgrade.v1beta1.MsgCancelUpgrade.Init
  'sdk.upgrade.v1beta1.MsgCancelUpgradeResponse': sdk.upgrade.v1beta1.MsgCancelUpgradeResponse.Init
  'sdk.upgrade.v1beta1.Plan': sdk.upgrade.v1beta1.Plan.Init
  'sdk.upgrade.v1beta1.SoftwareUpgradeProposal': sdk.upgrade.v1beta1.SoftwareUpgradeProposal.Init
  'sdk.upgrade.v1beta1.CancelSoftwareUpgradeProposal': sdk.upgrade.v1beta1.CancelSoftwareUpgradeProposal.Init
  'sdk.upgrade.v1beta1.ModuleVersion': sdk.upgrade.v1beta1.ModuleVersion.Init
  'sdk.vesting.v1beta1.MsgCreateVestingAccount': sdk.vesting.v1beta1.MsgCreateVestingAccount.Init
  'sdk.vesting.v1beta1.MsgCreateVestingAccountResponse': sdk.vesting.v1beta1.MsgCreateVestingAccountResponse.Init
  'sdk.vesting.v1beta1.MsgCreatePermanentLockedAccount': sdk.vesting.v1beta1.MsgCreatePermanentLockedAccount.Init
  'sdk.vesting.v1beta1.MsgCreatePermanentLockedAccountResponse': sdk.vesting.v1beta1.MsgCreatePermanentLockedAccountResponse.Init
  'sdk.vesting.v1beta1.MsgCreatePeriodicVestingAccount': sdk.vesting.v1beta1.MsgCreatePeriodicVestingAccount.Init
  'sdk.vesting.v1beta1.MsgCreatePeriodicVestingAccountResponse': sdk.vesting.v1beta1.MsgCreatePeriodicVestingAccountResponse.Init
  'sdk.vesting.v1beta1.BaseVestingAccount': sdk.vesting.v1beta1.BaseVestingAccount.Init
  'sdk.vesting.v1beta1.ContinuousVestingAccount': sdk.vesting.v1beta1.ContinuousVestingAccount.Init
  'sdk.vesting.v1beta1.DelayedVestingAccount': sdk.vesting.v1beta1.DelayedVestingAccount.Init
  'sdk.vesting.v1beta1.Period': sdk.vesting.v1beta1.Period.Init
  'sdk.vesting.v1beta1.PeriodicVestingAccount': sdk.vesting.v1beta1.PeriodicVestingAccount.Init
  'sdk.vesting.v1beta1.PermanentLockedAccount': sdk.vesting.v1beta1.PermanentLockedAccount.Init
  'tendermint.abci.EventAttribute': tendermint.abci.EventAttribute.Init
  'tendermint.abci.Event': tendermint.abci.Event.Init
  'tendermint.abci.ExecTxResult': tendermint.abci.ExecTxResult.Init
  'tendermint.abci.ValidatorUpdate': tendermint.abci.ValidatorUpdate.Init
  'tendermint.abci.Request': tendermint.abci.Request.Init
  'tendermint.abci.RequestEcho': tendermint.abci.RequestEcho.Init
  'tendermint.abci.RequestFlush': tendermint.abci.RequestFlush.Init
  'tendermint.abci.RequestInfo': tendermint.abci.RequestInfo.Init
  'tendermint.abci.RequestInitChain': tendermint.abci.RequestInitChain.Init
  'tendermint.abci.RequestQuery': tendermint.abci.RequestQuery.Init
  'tendermint.abci.RequestCheckTx': tendermint.abci.RequestCheckTx.Init
  'tendermint.abci.RequestCommit': tendermint.abci.RequestCommit.Init
  'tendermint.abci.RequestListSnapshots': tendermint.abci.RequestListSnapshots.Init
  'tendermint.abci.RequestOfferSnapshot': tendermint.abci.RequestOfferSnapshot.Init
  'tendermint.abci.RequestLoadSnapshotChunk': tendermint.abci.RequestLoadSnapshotChunk.Init
  'tendermint.abci.RequestApplySnapshotChunk': tendermint.abci.RequestApplySnapshotChunk.Init
  'tendermint.abci.RequestPrepareProposal': tendermint.abci.RequestPrepareProposal.Init
  'tendermint.abci.RequestProcessProposal': tendermint.abci.RequestProcessProposal.Init
  'tendermint.abci.RequestExtendVote': tendermint.abci.RequestExtendVote.Init
  'tendermint.abci.RequestVerifyVoteExtension': tendermint.abci.RequestVerifyVoteExtension.Init
  'tendermint.abci.RequestFinalizeBlock': tendermint.abci.RequestFinalizeBlock.Init
  'tendermint.abci.Response': tendermint.abci.Response.Init
  'tendermint.abci.ResponseException': tendermint.abci.ResponseException.Init
  'tendermint.abci.ResponseEcho': tendermint.abci.ResponseEcho.Init
  'tendermint.abci.ResponseFlush': tendermint.abci.ResponseFlush.Init
  'tendermint.abci.ResponseInfo': tendermint.abci.ResponseInfo.Init
  'tendermint.abci.ResponseInitChain': tendermint.abci.ResponseInitChain.Init
  'tendermint.abci.ResponseQuery': tendermint.abci.ResponseQuery.Init
  'tendermint.abci.ResponseCheckTx': tendermint.abci.ResponseCheckTx.Init
  'tendermint.abci.ResponseCommit': tendermint.abci.ResponseCommit.Init
  'tendermint.abci.ResponseListSnapshots': tendermint.abci.ResponseListSnapshots.Init
  'tendermint.abci.ResponseOfferSnapshot': tendermint.abci.ResponseOfferSnapshot.Init
  'tendermint.abci.ResponseLoadSnapshotChunk': tendermint.abci.ResponseLoadSnapshotChunk.Init
  'tendermint.abci.ResponseApplySnapshotChunk': tendermint.abci.ResponseApplySnapshotChunk.Init
  'tendermint.abci.ResponsePrepareProposal': tendermint.abci.ResponsePrepareProposal.Init
  'tendermint.abci.ResponseProcessProposal': tendermint.abci.ResponseProcessProposal.Init
  'tendermint.abci.ResponseExtendVote': tendermint.abci.ResponseExtendVote.Init
  'tendermint.abci.ResponseVerifyVoteExtension': tendermint.abci.ResponseVerifyVoteExtension.Init
  'tendermint.abci.ResponseFinalizeBlock': tendermint.abci.ResponseFinalizeBlock.Init
  'tendermint.abci.CommitInfo': tendermint.abci.CommitInfo.Init
  'tendermint.abci.ExtendedCommitInfo': tendermint.abci.ExtendedCommitInfo.Init
  'tendermint.abci.Validator': tendermint.abci.Validator.Init
  'tendermint.abci.VoteInfo': tendermint.abci.VoteInfo.Init
  'tendermint.abci.ExtendedVoteInfo': tendermint.abci.ExtendedVoteInfo.Init
  'tendermint.abci.Misbehavior': tendermint.abci.Misbehavior.Init
  'tendermint.abci.Snapshot': tendermint.abci.Snapshot.Init
  'tendermint.crypto.PublicKey': tendermint.crypto.PublicKey.Init
  'tendermint.crypto.ProofOp': tendermint.crypto.ProofOp.Init
  'tendermint.crypto.ProofOps': tendermint.crypto.ProofOps.Init
  'tendermint.p2p.ProtocolVersion': tendermint.p2p.ProtocolVersion.Init
  'tendermint.p2p.DefaultNodeInfoOther': tendermint.p2p.DefaultNodeInfoOther.Init
  'tendermint.p2p.DefaultNodeInfo': tendermint.p2p.DefaultNodeInfo.Init
  'tendermint.types.HashedParams': tendermint.types.HashedParams.Init
  'tendermint.types.ConsensusParams': tendermint.types.ConsensusParams.Init
  'tendermint.types.BlockParams': tendermint.types.BlockParams.Init
  'tendermint.types.EvidenceParams': tendermint.types.EvidenceParams.Init
  'tendermint.types.ValidatorParams': tendermint.types.ValidatorParams.Init
  'tendermint.types.VersionParams': tendermint.types.VersionParams.Init
  'tendermint.types.ABCIParams': tendermint.types.ABCIParams.Init
  'tendermint.types.PartSetHeader': tendermint.types.PartSetHeader.Init
  'tendermint.types.BlockID': tendermint.types.BlockID.Init
  'tendermint.types.Header': tendermint.types.Header.Init
  'tendermint.types.Data': tendermint.types.Data.Init
  'tendermint.types.Commit': tendermint.types.Commit.Init
  'tendermint.types.CommitSig': tendermint.types.CommitSig.Init
  'tendermint.types.Evidence': tendermint.types.Evidence.Init
  'tendermint.types.LightClientAttackEvidence': tendermint.types.LightClientAttackEvidence.Init
  'tendermint.types.LightBlock': tendermint.types.LightBlock.Init
  'tendermint.types.SignedHeader': tendermint.types.SignedHeader.Init
  'tendermint.types.ValidatorSet': tendermint.types.ValidatorSet.Init
  'tendermint.types.Validator': tendermint.types.Validator.Init
  'tendermint.types.DuplicateVoteEvidence': tendermint.types.DuplicateVoteEvidence.Init
  'tendermint.types.Vote': tendermint.types.Vote.Init
  'tendermint.types.EvidenceList': tendermint.types.EvidenceList.Init
  'tendermint.types.Block': tendermint.types.Block.Init
  'tendermint.types.CanonicalPartSetHeader': tendermint.types.CanonicalPartSetHeader.Init
  'tendermint.types.CanonicalBlockID': tendermint.types.CanonicalBlockID.Init
  'tendermint.types.CanonicalVote': tendermint.types.CanonicalVote.Init
  'tendermint.types.SimpleValidator': tendermint.types.SimpleValidator.Init
  'tendermint.version.Consensus': tendermint.version.Consensus.Init
}

/** Every enum's value names, by the enum's canonical full name. */
export interface ProtoEnumNames {
  'google.protobuf.Edition': 'EDITION_UNKNOWN' | 'EDITION_LEGACY' | 'EDITION_PROTO2' | 'EDITION_PROTO3' | 'EDITION_2023' | 'EDITION_2024' | 'EDITION_2026' | 'EDITION_1_TEST_ONLY' | 'EDITION_2_TEST_ONLY' | 'EDITION_99997_TEST_ONLY' | 'EDITION_99998_TEST_ONLY' | 'EDITION_99999_TEST_ONLY' | 'EDITION_MAX'
  'google.protobuf.ExtensionRangeOptions.VerificationState': 'DECLARATION' | 'UNVERIFIED'
  'google.protobuf.FieldDescriptorProto.Type': 'TYPE_DOUBLE' | 'TYPE_FLOAT' | 'TYPE_INT64' | 'TYPE_UINT64' | 'TYPE_INT32' | 'TYPE_FIXED64' | 'TYPE_FIXED32' | 'TYPE_BOOL' | 'TYPE_STRING' | 'TYPE_GROUP' | 'TYPE_MESSAGE' | 'TYPE_BYTES' | 'TYPE_UINT32' | 'TYPE_ENUM' | 'TYPE_SFIXED32' | 'TYPE_SFIXED64' | 'TYPE_SINT32' | 'TYPE_SINT64'
  'google.protobuf.FieldDescriptorProto.Label': 'LABEL_OPTIONAL' | 'LABEL_REPEATED' | 'LABEL_REQUIRED'
  'google.protobuf.FileOptions.OptimizeMode': 'SPEED' | 'CODE_SIZE' | 'LITE_RUNTIME'
  'google.protobuf.FieldOptions.CType': 'STRING' | 'CORD' | 'STRING_PIECE'
  'google.protobuf.FieldOptions.JSType': 'JS_NORMAL' | 'JS_STRING' | 'JS_NUMBER'
  'google.protobuf.FieldOptions.OptionRetention': 'RETENTION_UNKNOWN' | 'RETENTION_RUNTIME' | 'RETENTION_SOURCE'
  'google.protobuf.FieldOptions.OptionTargetType': 'TARGET_TYPE_UNKNOWN' | 'TARGET_TYPE_FILE' | 'TARGET_TYPE_EXTENSION_RANGE' | 'TARGET_TYPE_MESSAGE' | 'TARGET_TYPE_FIELD' | 'TARGET_TYPE_ONEOF' | 'TARGET_TYPE_ENUM' | 'TARGET_TYPE_ENUM_ENTRY' | 'TARGET_TYPE_SERVICE' | 'TARGET_TYPE_METHOD'
  'google.protobuf.MethodOptions.IdempotencyLevel': 'IDEMPOTENCY_UNKNOWN' | 'NO_SIDE_EFFECTS' | 'IDEMPOTENT'
  'google.protobuf.FeatureSet.FieldPresence': 'FIELD_PRESENCE_UNKNOWN' | 'EXPLICIT' | 'IMPLICIT' | 'LEGACY_REQUIRED'
  'google.protobuf.FeatureSet.EnumType': 'ENUM_TYPE_UNKNOWN' | 'OPEN' | 'CLOSED'
  'google.protobuf.FeatureSet.RepeatedFieldEncoding': 'REPEATED_FIELD_ENCODING_UNKNOWN' | 'PACKED' | 'EXPANDED'
  'google.protobuf.FeatureSet.Utf8Validation': 'UTF8_VALIDATION_UNKNOWN' | 'VERIFY' | 'NONE'
  'google.protobuf.FeatureSet.MessageEncoding': 'MESSAGE_ENCODING_UNKNOWN' | 'LENGTH_PREFIXED' | 'DELIMITED'
  'google.protobuf.FeatureSet.JsonFormat': 'JSON_FORMAT_UNKNOWN' | 'ALLOW' | 'LEGACY_BEST_EFFORT'
  'google.protobuf.FeatureSet.EnforceNamingStyle': 'ENFORCE_NAMING_STYLE_UNKNOWN' | 'STYLE2024' | 'STYLE_LEGACY' | 'STYLE2026'
  'google.protobuf.FeatureSet.VisibilityFeature.DefaultSymbolVisibility': 'DEFAULT_SYMBOL_VISIBILITY_UNKNOWN' | 'EXPORT_ALL' | 'EXPORT_TOP_LEVEL' | 'LOCAL_ALL' | 'STRICT'
  'google.protobuf.FeatureSet.ProtoLimitsFeature.EnforceProtoLimits': 'PROTO_LIMITS_UNKNOWN' | 'LEGACY_NO_EXPLICIT_LIMITS' | 'PROTO_LIMITS2026'
  'google.protobuf.GeneratedCodeInfo.Annotation.Semantic': 'NONE' | 'SET' | 'ALIAS'
  'google.protobuf.SymbolVisibility': 'VISIBILITY_UNSET' | 'VISIBILITY_LOCAL' | 'VISIBILITY_EXPORT'
  'sdk.gov.v1.VoteOption': 'VOTE_OPTION_UNSPECIFIED' | 'VOTE_OPTION_YES' | 'VOTE_OPTION_ABSTAIN' | 'VOTE_OPTION_NO' | 'VOTE_OPTION_NO_WITH_VETO'
  'sdk.gov.v1.ProposalStatus': 'PROPOSAL_STATUS_UNSPECIFIED' | 'PROPOSAL_STATUS_DEPOSIT_PERIOD' | 'PROPOSAL_STATUS_VOTING_PERIOD' | 'PROPOSAL_STATUS_PASSED' | 'PROPOSAL_STATUS_REJECTED' | 'PROPOSAL_STATUS_FAILED'
  'sdk.gov.v1beta1.VoteOption': 'VOTE_OPTION_UNSPECIFIED' | 'VOTE_OPTION_YES' | 'VOTE_OPTION_ABSTAIN' | 'VOTE_OPTION_NO' | 'VOTE_OPTION_NO_WITH_VETO'
  'sdk.gov.v1beta1.ProposalStatus': 'PROPOSAL_STATUS_UNSPECIFIED' | 'PROPOSAL_STATUS_DEPOSIT_PERIOD' | 'PROPOSAL_STATUS_VOTING_PERIOD' | 'PROPOSAL_STATUS_PASSED' | 'PROPOSAL_STATUS_REJECTED' | 'PROPOSAL_STATUS_FAILED'
  'sdk.staking.v1beta1.BondStatus': 'BOND_STATUS_UNSPECIFIED' | 'BOND_STATUS_UNBONDED' | 'BOND_STATUS_UNBONDING' | 'BOND_STATUS_BONDED'
  'sdk.tx.signing.v1beta1.SignMode': 'SIGN_MODE_UNSPECIFIED' | 'SIGN_MODE_DIRECT' | 'SIGN_MODE_TEXTUAL' | 'SIGN_MODE_DIRECT_AUX' | 'SIGN_MODE_LEGACY_AMINO_JSON' | 'SIGN_MODE_EIP_191'
  'sdk.tx.v1beta1.OrderBy': 'ORDER_BY_UNSPECIFIED' | 'ORDER_BY_ASC' | 'ORDER_BY_DESC'
  'sdk.tx.v1beta1.BroadcastMode': 'BROADCAST_MODE_UNSPECIFIED' | 'BROADCAST_MODE_BLOCK' | 'BROADCAST_MODE_SYNC' | 'BROADCAST_MODE_ASYNC'
  'tendermint.abci.CheckTxType': 'NEW' | 'RECHECK'
  'tendermint.abci.ResponseOfferSnapshot.Result': 'UNKNOWN' | 'ACCEPT' | 'ABORT' | 'REJECT' | 'REJECT_FORMAT' | 'REJECT_SENDER'
  'tendermint.abci.ResponseApplySnapshotChunk.Result': 'UNKNOWN' | 'ACCEPT' | 'ABORT' | 'RETRY' | 'RETRY_SNAPSHOT' | 'REJECT_SNAPSHOT'
  'tendermint.abci.ResponseProcessProposal.ProposalStatus': 'UNKNOWN' | 'ACCEPT' | 'REJECT'
  'tendermint.abci.ResponseVerifyVoteExtension.VerifyStatus': 'UNKNOWN' | 'ACCEPT' | 'REJECT'
  'tendermint.abci.MisbehaviorType': 'UNKNOWN' | 'DUPLICATE_VOTE' | 'LIGHT_CLIENT_ATTACK'
  'tendermint.types.SignedMsgType': 'SIGNED_MSG_TYPE_UNKNOWN' | 'SIGNED_MSG_TYPE_PREVOTE' | 'SIGNED_MSG_TYPE_PRECOMMIT' | 'SIGNED_MSG_TYPE_PROPOSAL'
  'tendermint.types.BlockIDFlag': 'BLOCK_ID_FLAG_UNKNOWN' | 'BLOCK_ID_FLAG_ABSENT' | 'BLOCK_ID_FLAG_COMMIT' | 'BLOCK_ID_FLAG_NIL'
}

/** Every method of a service that is not a Msg service: its request and response types. */
export interface ProtoMethods {
  'grpc.reflection.v1.ServerReflection/ServerReflectionInfo': { request: 'grpc.reflection.v1.ServerReflectionRequest'; response: 'grpc.reflection.v1.ServerReflectionResponse' }
  'grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo': { request: 'grpc.reflection.v1alpha.ServerReflectionRequest'; response: 'grpc.reflection.v1alpha.ServerReflectionResponse' }
  'sdk.auth.v1beta1.Query/Accounts': { request: 'sdk.auth.v1beta1.QueryAccountsRequest'; response: 'sdk.auth.v1beta1.QueryAccountsResponse' }
  'sdk.auth.v1beta1.Query/Account': { request: 'sdk.auth.v1beta1.QueryAccountRequest'; response: 'sdk.auth.v1beta1.QueryAccountResponse' }
  'sdk.auth.v1beta1.Query/AccountAddressByID': { request: 'sdk.auth.v1beta1.QueryAccountAddressByIDRequest'; response: 'sdk.auth.v1beta1.QueryAccountAddressByIDResponse' }
  'sdk.auth.v1beta1.Query/Params': { request: 'sdk.auth.v1beta1.QueryParamsRequest'; response: 'sdk.auth.v1beta1.QueryParamsResponse' }
  'sdk.auth.v1beta1.Query/ModuleAccounts': { request: 'sdk.auth.v1beta1.QueryModuleAccountsRequest'; response: 'sdk.auth.v1beta1.QueryModuleAccountsResponse' }
  'sdk.auth.v1beta1.Query/ModuleAccountByName': { request: 'sdk.auth.v1beta1.QueryModuleAccountByNameRequest'; response: 'sdk.auth.v1beta1.QueryModuleAccountByNameResponse' }
  'sdk.auth.v1beta1.Query/Bech32Prefix': { request: 'sdk.auth.v1beta1.Bech32PrefixRequest'; response: 'sdk.auth.v1beta1.Bech32PrefixResponse' }
  'sdk.auth.v1beta1.Query/AddressBytesToString': { request: 'sdk.auth.v1beta1.AddressBytesToStringRequest'; response: 'sdk.auth.v1beta1.AddressBytesToStringResponse' }
  'sdk.auth.v1beta1.Query/AddressStringToBytes': { request: 'sdk.auth.v1beta1.AddressStringToBytesRequest'; response: 'sdk.auth.v1beta1.AddressStringToBytesResponse' }
  'sdk.auth.v1beta1.Query/AccountInfo': { request: 'sdk.auth.v1beta1.QueryAccountInfoRequest'; response: 'sdk.auth.v1beta1.QueryAccountInfoResponse' }
  'sdk.autocli.v1.Query/AppOptions': { request: 'sdk.autocli.v1.AppOptionsRequest'; response: 'sdk.autocli.v1.AppOptionsResponse' }
  'sdk.bank.v1beta1.Query/Balance': { request: 'sdk.bank.v1beta1.QueryBalanceRequest'; response: 'sdk.bank.v1beta1.QueryBalanceResponse' }
  'sdk.bank.v1beta1.Query/AllBalances': { request: 'sdk.bank.v1beta1.QueryAllBalancesRequest'; response: 'sdk.bank.v1beta1.QueryAllBalancesResponse' }
  'sdk.bank.v1beta1.Query/SpendableBalances': { request: 'sdk.bank.v1beta1.QuerySpendableBalancesRequest'; response: 'sdk.bank.v1beta1.QuerySpendableBalancesResponse' }
  'sdk.bank.v1beta1.Query/SpendableBalanceByDenom': { request: 'sdk.bank.v1beta1.QuerySpendableBalanceByDenomRequest'; response: 'sdk.bank.v1beta1.QuerySpendableBalanceByDenomResponse' }
  'sdk.bank.v1beta1.Query/TotalSupply': { request: 'sdk.bank.v1beta1.QueryTotalSupplyRequest'; response: 'sdk.bank.v1beta1.QueryTotalSupplyResponse' }
  'sdk.bank.v1beta1.Query/SupplyOf': { request: 'sdk.bank.v1beta1.QuerySupplyOfRequest'; response: 'sdk.bank.v1beta1.QuerySupplyOfResponse' }
  'sdk.bank.v1beta1.Query/Params': { request: 'sdk.bank.v1beta1.QueryParamsRequest'; response: 'sdk.bank.v1beta1.QueryParamsResponse' }
  'sdk.bank.v1beta1.Query/DenomMetadata': { request: 'sdk.bank.v1beta1.QueryDenomMetadataRequest'; response: 'sdk.bank.v1beta1.QueryDenomMetadataResponse' }
  'sdk.bank.v1beta1.Query/DenomMetadataByQueryString': { request: 'sdk.bank.v1beta1.QueryDenomMetadataByQueryStringRequest'; response: 'sdk.bank.v1beta1.QueryDenomMetadataByQueryStringResponse' }
  'sdk.bank.v1beta1.Query/DenomsMetadata': { request: 'sdk.bank.v1beta1.QueryDenomsMetadataRequest'; response: 'sdk.bank.v1beta1.QueryDenomsMetadataResponse' }
  'sdk.bank.v1beta1.Query/DenomOwners': { request: 'sdk.bank.v1beta1.QueryDenomOwnersRequest'; response: 'sdk.bank.v1beta1.QueryDenomOwnersResponse' }
  'sdk.bank.v1beta1.Query/DenomOwnersByQuery': { request: 'sdk.bank.v1beta1.QueryDenomOwnersByQueryRequest'; response: 'sdk.bank.v1beta1.QueryDenomOwnersByQueryResponse' }
  'sdk.bank.v1beta1.Query/SendEnabled': { request: 'sdk.bank.v1beta1.QuerySendEnabledRequest'; response: 'sdk.bank.v1beta1.QuerySendEnabledResponse' }
  'sdk.base.node.v1beta1.Service/Config': { request: 'sdk.base.node.v1beta1.ConfigRequest'; response: 'sdk.base.node.v1beta1.ConfigResponse' }
  'sdk.base.node.v1beta1.Service/Status': { request: 'sdk.base.node.v1beta1.StatusRequest'; response: 'sdk.base.node.v1beta1.StatusResponse' }
  'sdk.base.reflection.v1beta1.ReflectionService/ListAllInterfaces': { request: 'sdk.base.reflection.v1beta1.ListAllInterfacesRequest'; response: 'sdk.base.reflection.v1beta1.ListAllInterfacesResponse' }
  'sdk.base.reflection.v1beta1.ReflectionService/ListImplementations': { request: 'sdk.base.reflection.v1beta1.ListImplementationsRequest'; response: 'sdk.base.reflection.v1beta1.ListImplementationsResponse' }
  'sdk.base.reflection.v2alpha1.ReflectionService/GetAuthnDescriptor': { request: 'sdk.base.reflection.v2alpha1.GetAuthnDescriptorRequest'; response: 'sdk.base.reflection.v2alpha1.GetAuthnDescriptorResponse' }
  'sdk.base.reflection.v2alpha1.ReflectionService/GetChainDescriptor': { request: 'sdk.base.reflection.v2alpha1.GetChainDescriptorRequest'; response: 'sdk.base.reflection.v2alpha1.GetChainDescriptorResponse' }
  'sdk.base.reflection.v2alpha1.ReflectionService/GetCodecDescriptor': { request: 'sdk.base.reflection.v2alpha1.GetCodecDescriptorRequest'; response: 'sdk.base.reflection.v2alpha1.GetCodecDescriptorResponse' }
  'sdk.base.reflection.v2alpha1.ReflectionService/GetConfigurationDescriptor': { request: 'sdk.base.reflection.v2alpha1.GetConfigurationDescriptorRequest'; response: 'sdk.base.reflection.v2alpha1.GetConfigurationDescriptorResponse' }
  'sdk.base.reflection.v2alpha1.ReflectionService/GetQueryServicesDescriptor': { request: 'sdk.base.reflection.v2alpha1.GetQueryServicesDescriptorRequest'; response: 'sdk.base.reflection.v2alpha1.GetQueryServicesDescriptorResponse' }
  'sdk.base.reflection.v2alpha1.ReflectionService/GetTxDescriptor': { request: 'sdk.base.reflection.v2alpha1.GetTxDescriptorRequest'; response: 'sdk.base.reflection.v2alpha1.GetTxDescriptorResponse' }
  'sdk.base.tendermint.v1beta1.Service/GetNodeInfo': { request: 'sdk.base.tendermint.v1beta1.GetNodeInfoRequest'; response: 'sdk.base.tendermint.v1beta1.GetNodeInfoResponse' }
  'sdk.base.tendermint.v1beta1.Service/GetSyncing': { request: 'sdk.base.tendermint.v1beta1.GetSyncingRequest'; response: 'sdk.base.tendermint.v1beta1.GetSyncingResponse' }
  'sdk.base.tendermint.v1beta1.Service/GetLatestBlock': { request: 'sdk.base.tendermint.v1beta1.GetLatestBlockRequest'; response: 'sdk.base.tendermint.v1beta1.GetLatestBlockResponse' }
  'sdk.base.tendermint.v1beta1.Service/GetBlockByHeight': { request: 'sdk.base.tendermint.v1beta1.GetBlockByHeightRequest'; response: 'sdk.base.tendermint.v1beta1.GetBlockByHeightResponse' }
  'sdk.base.tendermint.v1beta1.Service/GetLatestValidatorSet': { request: 'sdk.base.tendermint.v1beta1.GetLatestValidatorSetRequest'; response: 'sdk.base.tendermint.v1beta1.GetLatestValidatorSetResponse' }
  'sdk.base.tendermint.v1beta1.Service/GetValidatorSetByHeight': { request: 'sdk.base.tendermint.v1beta1.GetValidatorSetByHeightRequest'; response: 'sdk.base.tendermint.v1beta1.GetValidatorSetByHeightResponse' }
  'sdk.base.tendermint.v1beta1.Service/ABCIQuery': { request: 'sdk.base.tendermint.v1beta1.ABCIQueryRequest'; response: 'sdk.base.tendermint.v1beta1.ABCIQueryResponse' }
  'sdk.consensus.v1.Query/Params': { request: 'sdk.consensus.v1.QueryParamsRequest'; response: 'sdk.consensus.v1.QueryParamsResponse' }
  'sdk.distribution.v1beta1.Query/Params': { request: 'sdk.distribution.v1beta1.QueryParamsRequest'; response: 'sdk.distribution.v1beta1.QueryParamsResponse' }
  'sdk.distribution.v1beta1.Query/ValidatorDistributionInfo': { request: 'sdk.distribution.v1beta1.QueryValidatorDistributionInfoRequest'; response: 'sdk.distribution.v1beta1.QueryValidatorDistributionInfoResponse' }
  'sdk.distribution.v1beta1.Query/ValidatorOutstandingRewards': { request: 'sdk.distribution.v1beta1.QueryValidatorOutstandingRewardsRequest'; response: 'sdk.distribution.v1beta1.QueryValidatorOutstandingRewardsResponse' }
  'sdk.distribution.v1beta1.Query/ValidatorCommission': { request: 'sdk.distribution.v1beta1.QueryValidatorCommissionRequest'; response: 'sdk.distribution.v1beta1.QueryValidatorCommissionResponse' }
  'sdk.distribution.v1beta1.Query/ValidatorSlashes': { request: 'sdk.distribution.v1beta1.QueryValidatorSlashesRequest'; response: 'sdk.distribution.v1beta1.QueryValidatorSlashesResponse' }
  'sdk.distribution.v1beta1.Query/DelegationRewards': { request: 'sdk.distribution.v1beta1.QueryDelegationRewardsRequest'; response: 'sdk.distribution.v1beta1.QueryDelegationRewardsResponse' }
  'sdk.distribution.v1beta1.Query/DelegationTotalRewards': { request: 'sdk.distribution.v1beta1.QueryDelegationTotalRewardsRequest'; response: 'sdk.distribution.v1beta1.QueryDelegationTotalRewardsResponse' }
  'sdk.distribution.v1beta1.Query/DelegatorValidators': { request: 'sdk.distribution.v1beta1.QueryDelegatorValidatorsRequest'; response: 'sdk.distribution.v1beta1.QueryDelegatorValidatorsResponse' }
  'sdk.distribution.v1beta1.Query/DelegatorWithdrawAddress': { request: 'sdk.distribution.v1beta1.QueryDelegatorWithdrawAddressRequest'; response: 'sdk.distribution.v1beta1.QueryDelegatorWithdrawAddressResponse' }
  'sdk.distribution.v1beta1.Query/CommunityPool': { request: 'sdk.distribution.v1beta1.QueryCommunityPoolRequest'; response: 'sdk.distribution.v1beta1.QueryCommunityPoolResponse' }
  'sdk.evidence.v1beta1.Query/Evidence': { request: 'sdk.evidence.v1beta1.QueryEvidenceRequest'; response: 'sdk.evidence.v1beta1.QueryEvidenceResponse' }
  'sdk.evidence.v1beta1.Query/AllEvidence': { request: 'sdk.evidence.v1beta1.QueryAllEvidenceRequest'; response: 'sdk.evidence.v1beta1.QueryAllEvidenceResponse' }
  'sdk.gov.v1.Query/Constitution': { request: 'sdk.gov.v1.QueryConstitutionRequest'; response: 'sdk.gov.v1.QueryConstitutionResponse' }
  'sdk.gov.v1.Query/Proposal': { request: 'sdk.gov.v1.QueryProposalRequest'; response: 'sdk.gov.v1.QueryProposalResponse' }
  'sdk.gov.v1.Query/Proposals': { request: 'sdk.gov.v1.QueryProposalsRequest'; response: 'sdk.gov.v1.QueryProposalsResponse' }
  'sdk.gov.v1.Query/Vote': { request: 'sdk.gov.v1.QueryVoteRequest'; response: 'sdk.gov.v1.QueryVoteResponse' }
  'sdk.gov.v1.Query/Votes': { request: 'sdk.gov.v1.QueryVotesRequest'; response: 'sdk.gov.v1.QueryVotesResponse' }
  'sdk.gov.v1.Query/Params': { request: 'sdk.gov.v1.QueryParamsRequest'; response: 'sdk.gov.v1.QueryParamsResponse' }
  'sdk.gov.v1.Query/Deposit': { request: 'sdk.gov.v1.QueryDepositRequest'; response: 'sdk.gov.v1.QueryDepositResponse' }
  'sdk.gov.v1.Query/Deposits': { request: 'sdk.gov.v1.QueryDepositsRequest'; response: 'sdk.gov.v1.QueryDepositsResponse' }
  'sdk.gov.v1.Query/TallyResult': { request: 'sdk.gov.v1.QueryTallyResultRequest'; response: 'sdk.gov.v1.QueryTallyResultResponse' }
  'sdk.gov.v1beta1.Query/Proposal': { request: 'sdk.gov.v1beta1.QueryProposalRequest'; response: 'sdk.gov.v1beta1.QueryProposalResponse' }
  'sdk.gov.v1beta1.Query/Proposals': { request: 'sdk.gov.v1beta1.QueryProposalsRequest'; response: 'sdk.gov.v1beta1.QueryProposalsResponse' }
  'sdk.gov.v1beta1.Query/Vote': { request: 'sdk.gov.v1beta1.QueryVoteRequest'; response: 'sdk.gov.v1beta1.QueryVoteResponse' }
  'sdk.gov.v1beta1.Query/Votes': { request: 'sdk.gov.v1beta1.QueryVotesRequest'; response: 'sdk.gov.v1beta1.QueryVotesResponse' }
  'sdk.gov.v1beta1.Query/Params': { request: 'sdk.gov.v1beta1.QueryParamsRequest'; response: 'sdk.gov.v1beta1.QueryParamsResponse' }
  'sdk.gov.v1beta1.Query/Deposit': { request: 'sdk.gov.v1beta1.QueryDepositRequest'; response: 'sdk.gov.v1beta1.QueryDepositResponse' }
  'sdk.gov.v1beta1.Query/Deposits': { request: 'sdk.gov.v1beta1.QueryDepositsRequest'; response: 'sdk.gov.v1beta1.QueryDepositsResponse' }
  'sdk.gov.v1beta1.Query/TallyResult': { request: 'sdk.gov.v1beta1.QueryTallyResultRequest'; response: 'sdk.gov.v1beta1.QueryTallyResultResponse' }
  'sdk.mint.v1beta1.Query/Params': { request: 'sdk.mint.v1beta1.QueryParamsRequest'; response: 'sdk.mint.v1beta1.QueryParamsResponse' }
  'sdk.mint.v1beta1.Query/Inflation': { request: 'sdk.mint.v1beta1.QueryInflationRequest'; response: 'sdk.mint.v1beta1.QueryInflationResponse' }
  'sdk.mint.v1beta1.Query/AnnualProvisions': { request: 'sdk.mint.v1beta1.QueryAnnualProvisionsRequest'; response: 'sdk.mint.v1beta1.QueryAnnualProvisionsResponse' }
  'sdk.params.v1beta1.Query/Params': { request: 'sdk.params.v1beta1.QueryParamsRequest'; response: 'sdk.params.v1beta1.QueryParamsResponse' }
  'sdk.params.v1beta1.Query/Subspaces': { request: 'sdk.params.v1beta1.QuerySubspacesRequest'; response: 'sdk.params.v1beta1.QuerySubspacesResponse' }
  'sdk.reflection.v1.ReflectionService/FileDescriptors': { request: 'sdk.reflection.v1.FileDescriptorsRequest'; response: 'sdk.reflection.v1.FileDescriptorsResponse' }
  'sdk.slashing.v1beta1.Query/Params': { request: 'sdk.slashing.v1beta1.QueryParamsRequest'; response: 'sdk.slashing.v1beta1.QueryParamsResponse' }
  'sdk.slashing.v1beta1.Query/SigningInfo': { request: 'sdk.slashing.v1beta1.QuerySigningInfoRequest'; response: 'sdk.slashing.v1beta1.QuerySigningInfoResponse' }
  'sdk.slashing.v1beta1.Query/SigningInfos': { request: 'sdk.slashing.v1beta1.QuerySigningInfosRequest'; response: 'sdk.slashing.v1beta1.QuerySigningInfosResponse' }
  'sdk.staking.v1beta1.Query/Validators': { request: 'sdk.staking.v1beta1.QueryValidatorsRequest'; response: 'sdk.staking.v1beta1.QueryValidatorsResponse' }
  'sdk.staking.v1beta1.Query/Validator': { request: 'sdk.staking.v1beta1.QueryValidatorRequest'; response: 'sdk.staking.v1beta1.QueryValidatorResponse' }
  'sdk.staking.v1beta1.Query/ValidatorDelegations': { request: 'sdk.staking.v1beta1.QueryValidatorDelegationsRequest'; response: 'sdk.staking.v1beta1.QueryValidatorDelegationsResponse' }
  'sdk.staking.v1beta1.Query/ValidatorUnbondingDelegations': { request: 'sdk.staking.v1beta1.QueryValidatorUnbondingDelegationsRequest'; response: 'sdk.staking.v1beta1.QueryValidatorUnbondingDelegationsResponse' }
  'sdk.staking.v1beta1.Query/Delegation': { request: 'sdk.staking.v1beta1.QueryDelegationRequest'; response: 'sdk.staking.v1beta1.QueryDelegationResponse' }
  'sdk.staking.v1beta1.Query/UnbondingDelegation': { request: 'sdk.staking.v1beta1.QueryUnbondingDelegationRequest'; response: 'sdk.staking.v1beta1.QueryUnbondingDelegationResponse' }
  'sdk.staking.v1beta1.Query/DelegatorDelegations': { request: 'sdk.staking.v1beta1.QueryDelegatorDelegationsRequest'; response: 'sdk.staking.v1beta1.QueryDelegatorDelegationsResponse' }
  'sdk.staking.v1beta1.Query/DelegatorUnbondingDelegations': { request: 'sdk.staking.v1beta1.QueryDelegatorUnbondingDelegationsRequest'; response: 'sdk.staking.v1beta1.QueryDelegatorUnbondingDelegationsResponse' }
  'sdk.staking.v1beta1.Query/Redelegations': { request: 'sdk.staking.v1beta1.QueryRedelegationsRequest'; response: 'sdk.staking.v1beta1.QueryRedelegationsResponse' }
  'sdk.staking.v1beta1.Query/DelegatorValidators': { request: 'sdk.staking.v1beta1.QueryDelegatorValidatorsRequest'; response: 'sdk.staking.v1beta1.QueryDelegatorValidatorsResponse' }
  'sdk.staking.v1beta1.Query/DelegatorValidator': { request: 'sdk.staking.v1beta1.QueryDelegatorValidatorRequest'; response: 'sdk.staking.v1beta1.QueryDelegatorValidatorResponse' }
  'sdk.staking.v1beta1.Query/HistoricalInfo': { request: 'sdk.staking.v1beta1.QueryHistoricalInfoRequest'; response: 'sdk.staking.v1beta1.QueryHistoricalInfoResponse' }
  'sdk.staking.v1beta1.Query/Pool': { request: 'sdk.staking.v1beta1.QueryPoolRequest'; response: 'sdk.staking.v1beta1.QueryPoolResponse' }
  'sdk.staking.v1beta1.Query/Params': { request: 'sdk.staking.v1beta1.QueryParamsRequest'; response: 'sdk.staking.v1beta1.QueryParamsResponse' }
  'sdk.tx.v1beta1.Service/Simulate': { request: 'sdk.tx.v1beta1.SimulateRequest'; response: 'sdk.tx.v1beta1.SimulateResponse' }
  'sdk.tx.v1beta1.Service/GetTx': { request: 'sdk.tx.v1beta1.GetTxRequest'; response: 'sdk.tx.v1beta1.GetTxResponse' }
  'sdk.tx.v1beta1.Service/BroadcastTx': { request: 'sdk.tx.v1beta1.BroadcastTxRequest'; response: 'sdk.tx.v1beta1.BroadcastTxResponse' }
  'sdk.tx.v1beta1.Service/GetTxsEvent': { request: 'sdk.tx.v1beta1.GetTxsEventRequest'; response: 'sdk.tx.v1beta1.GetTxsEventResponse' }
  'sdk.tx.v1beta1.Service/GetBlockWithTxs': { request: 'sdk.tx.v1beta1.GetBlockWithTxsRequest'; response: 'sdk.tx.v1beta1.GetBlockWithTxsResponse' }
  'sdk.tx.v1beta1.Service/TxDecode': { request: 'sdk.tx.v1beta1.TxDecodeRequest'; response: 'sdk.tx.v1beta1.TxDecodeResponse' }
  'sdk.tx.v1beta1.Service/TxEncode': { request: 'sdk.tx.v1beta1.TxEncodeRequest'; response: 'sdk.tx.v1beta1.TxEncodeResponse' }
  'sdk.upgrade.v1beta1.Query/CurrentPlan': { request: 'sdk.upgrade.v1beta1.QueryCurrentPlanRequest'; response: 'sdk.upgrade.v1beta1.QueryCurrentPlanResponse' }
  'sdk.upgrade.v1beta1.Query/AppliedPlan': { request: 'sdk.upgrade.v1beta1.QueryAppliedPlanRequest'; response: 'sdk.upgrade.v1beta1.QueryAppliedPlanResponse' }
  'sdk.upgrade.v1beta1.Query/UpgradedConsensusState': { request: 'sdk.upgrade.v1beta1.QueryUpgradedConsensusStateRequest'; response: 'sdk.upgrade.v1beta1.QueryUpgradedConsensusStateResponse' }
  'sdk.upgrade.v1beta1.Query/ModuleVersions': { request: 'sdk.upgrade.v1beta1.QueryModuleVersionsRequest'; response: 'sdk.upgrade.v1beta1.QueryModuleVersionsResponse' }
  'sdk.upgrade.v1beta1.Query/Authority': { request: 'sdk.upgrade.v1beta1.QueryAuthorityRequest'; response: 'sdk.upgrade.v1beta1.QueryAuthorityResponse' }
}

/** Every Msg (a Msg service method) by its type URL: its response type. */
export interface ProtoMsgs {
  '/sdk.auth.v1beta1.MsgUpdateParams': 'sdk.auth.v1beta1.MsgUpdateParamsResponse'
  '/sdk.bank.v1beta1.MsgSend': 'sdk.bank.v1beta1.MsgSendResponse'
  '/sdk.bank.v1beta1.MsgMultiSend': 'sdk.bank.v1beta1.MsgMultiSendResponse'
  '/sdk.bank.v1beta1.MsgUpdateParams': 'sdk.bank.v1beta1.MsgUpdateParamsResponse'
  '/sdk.bank.v1beta1.MsgSetSendEnabled': 'sdk.bank.v1beta1.MsgSetSendEnabledResponse'
  '/sdk.consensus.v1.MsgUpdateParams': 'sdk.consensus.v1.MsgUpdateParamsResponse'
  '/sdk.crisis.v1beta1.MsgVerifyInvariant': 'sdk.crisis.v1beta1.MsgVerifyInvariantResponse'
  '/sdk.crisis.v1beta1.MsgUpdateParams': 'sdk.crisis.v1beta1.MsgUpdateParamsResponse'
  '/sdk.distribution.v1beta1.MsgSetWithdrawAddress': 'sdk.distribution.v1beta1.MsgSetWithdrawAddressResponse'
  '/sdk.distribution.v1beta1.MsgWithdrawDelegatorReward': 'sdk.distribution.v1beta1.MsgWithdrawDelegatorRewardResponse'
  '/sdk.distribution.v1beta1.MsgWithdrawValidatorCommission': 'sdk.distribution.v1beta1.MsgWithdrawValidatorCommissionResponse'
  '/sdk.distribution.v1beta1.MsgFundCommunityPool': 'sdk.distribution.v1beta1.MsgFundCommunityPoolResponse'
  '/sdk.distribution.v1beta1.MsgUpdateParams': 'sdk.distribution.v1beta1.MsgUpdateParamsResponse'
  '/sdk.distribution.v1beta1.MsgCommunityPoolSpend': 'sdk.distribution.v1beta1.MsgCommunityPoolSpendResponse'
  '/sdk.distribution.v1beta1.MsgDepositValidatorRewardsPool': 'sdk.distribution.v1beta1.MsgDepositValidatorRewardsPoolResponse'
  '/sdk.gov.v1.MsgSubmitProposal': 'sdk.gov.v1.MsgSubmitProposalResponse'
  '/sdk.gov.v1.MsgExecLegacyContent': 'sdk.gov.v1.MsgExecLegacyContentResponse'
  '/sdk.gov.v1.MsgVote': 'sdk.gov.v1.MsgVoteResponse'
  '/sdk.gov.v1.MsgVoteWeighted': 'sdk.gov.v1.MsgVoteWeightedResponse'
  '/sdk.gov.v1.MsgDeposit': 'sdk.gov.v1.MsgDepositResponse'
  '/sdk.gov.v1.MsgUpdateParams': 'sdk.gov.v1.MsgUpdateParamsResponse'
  '/sdk.gov.v1.MsgCancelProposal': 'sdk.gov.v1.MsgCancelProposalResponse'
  '/sdk.gov.v1beta1.MsgSubmitProposal': 'sdk.gov.v1beta1.MsgSubmitProposalResponse'
  '/sdk.gov.v1beta1.MsgVote': 'sdk.gov.v1beta1.MsgVoteResponse'
  '/sdk.gov.v1beta1.MsgVoteWeighted': 'sdk.gov.v1beta1.MsgVoteWeightedResponse'
  '/sdk.gov.v1beta1.MsgDeposit': 'sdk.gov.v1beta1.MsgDepositResponse'
  '/sdk.mint.v1beta1.MsgUpdateParams': 'sdk.mint.v1beta1.MsgUpdateParamsResponse'
  '/sdk.slashing.v1beta1.MsgUnjail': 'sdk.slashing.v1beta1.MsgUnjailResponse'
  '/sdk.slashing.v1beta1.MsgUpdateParams': 'sdk.slashing.v1beta1.MsgUpdateParamsResponse'
  '/sdk.staking.v1beta1.MsgCreateValidator': 'sdk.staking.v1beta1.MsgCreateValidatorResponse'
  '/sdk.staking.v1beta1.MsgEditValidator': 'sdk.staking.v1beta1.MsgEditValidatorResponse'
  '/sdk.staking.v1beta1.MsgDelegate': 'sdk.staking.v1beta1.MsgDelegateResponse'
  '/sdk.staking.v1beta1.MsgBeginRedelegate': 'sdk.staking.v1beta1.MsgBeginRedelegateResponse'
  '/sdk.staking.v1beta1.MsgUndelegate': 'sdk.staking.v1beta1.MsgUndelegateResponse'
  '/sdk.staking.v1beta1.MsgCancelUnbondingDelegation': 'sdk.staking.v1beta1.MsgCancelUnbondingDelegationResponse'
  '/sdk.staking.v1beta1.MsgUpdateParams': 'sdk.staking.v1beta1.MsgUpdateParamsResponse'
  '/sdk.upgrade.v1beta1.MsgSoftwareUpgrade': 'sdk.upgrade.v1beta1.MsgSoftwareUpgradeResponse'
  '/sdk.upgrade.v1beta1.MsgCancelUpgrade': 'sdk.upgrade.v1beta1.MsgCancelUpgradeResponse'
  '/sdk.vesting.v1beta1.MsgCreateVestingAccount': 'sdk.vesting.v1beta1.MsgCreateVestingAccountResponse'
  '/sdk.vesting.v1beta1.MsgCreatePermanentLockedAccount': 'sdk.vesting.v1beta1.MsgCreatePermanentLockedAccountResponse'
  '/sdk.vesting.v1beta1.MsgCreatePeriodicVestingAccount': 'sdk.vesting.v1beta1.MsgCreatePeriodicVestingAccountResponse'
}
