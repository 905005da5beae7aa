/**
 * Small files of each kind the public forms deal with, built byte by byte: what file-type (or the
 * DXF/IFC check) recognises from their content, whatever they are called.
 */
import { crc32 } from "node:zlib";

const pad = (head: Buffer | string, size = 600) => {
  const start = Buffer.isBuffer(head) ? head : Buffer.from(head, "latin1");
  return Buffer.concat([start, Buffer.alloc(Math.max(0, size - start.length), 0x20)]);
};

/** A zip with the entries stored uncompressed (enough for file-type to read names and contents). */
export function storedZip(entries: Record<string, string | Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, value] of Object.entries(entries)) {
    const data = Buffer.isBuffer(value) ? value : Buffer.from(value);
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    locals.push(local, fileName, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const contentTypes = (main: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${main}" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;

export const samples = {
  pdf: Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n"),
  /** A 1×1 transparent PNG. */
  png: Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    "base64",
  ),
  jpeg: pad(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01])),
  gif: pad("GIF89a\x01\x00\x01\x00\x00\x00\x00;"),
  webp: pad(Buffer.concat([Buffer.from("RIFF"), Buffer.from([0x24, 0, 0, 0]), Buffer.from("WEBPVP8 ")])),
  tiff: pad(Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00])),
  /** Old Office (doc, xls, ppt): an OLE compound file. */
  cfb: pad(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 1024),
  docx: storedZip({
    "[Content_Types].xml": contentTypes("word/document.xml"),
    "word/document.xml": "<w:document/>",
  }),
  zip: storedZip({ "drawings/readme.txt": "General arrangement drawings", "drawings/plan.txt": "Plan" }),
  sevenZip: pad(Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0x00, 0x04])),
  rar: pad(Buffer.from([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x01, 0x00])),
  dwg: pad("AC1032\0\0\0\0\0\0\0\x01"),
  dxf: Buffer.from(
    "  0\r\nSECTION\r\n  2\r\nHEADER\r\n  9\r\n$ACADVER\r\n  1\r\nAC1027\r\n  0\r\nENDSEC\r\n  0\r\nEOF\r\n",
  ),
  dxfLf: Buffer.from("999\ndxfrw 0.6.3\n0\nSECTION\n2\nHEADER\n0\nENDSEC\n0\nEOF\n"),
  ifc: Buffer.from(
    "ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION(('ViewDefinition [CoordinationView]'),'2;1');\nENDSEC;\nEND-ISO-10303-21;\n",
  ),
  /** An executable and a web page: never accepted, whatever they are named. */
  elf: pad(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00])),
  exe: pad(Buffer.concat([Buffer.from("MZ"), Buffer.alloc(58), Buffer.from([0x80, 0, 0, 0])])),
  html: Buffer.from("<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>"),
  text: Buffer.from("Just some notes about the project.\n"),
} as const;

export type Sample = keyof typeof samples;
