export {
  DEFAULT_DECODER_LIMITS,
  type DecodedItem,
  type DecoderLimits,
  type DecoderOptions,
  FrameDecoder,
  type StompErrorCode,
  StompProtocolError,
  unescapeFrameHeaders,
  unescapeHeaderText,
} from "./decode.ts";
export { type EncodeOptions, encodeFrame, escapeHeaderText, HEART_BEAT } from "./encode.ts";
export {
  ALL_COMMAND_SET,
  CLIENT_COMMAND_SET,
  CLIENT_COMMANDS,
  type ClientCommand,
  type Command,
  type Frame,
  header,
  isHandshakeCommand,
  mayHaveBody,
  SERVER_COMMAND_SET,
  SERVER_COMMANDS,
  type ServerCommand,
} from "./frame.ts";
