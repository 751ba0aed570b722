package dev.tableindex.golden;

import com.google.protobuf.ByteString;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Message;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;

/**
 * Cross-check (NOT the oracle): decodes a manifest file with descriptors that protoc compiled from
 * the root proto/ folder (generate.sh runs {@code protoc --include_imports --descriptor_set_out}), split the way
 * tools/decode_manifest.py and Lance's read_manifest do it.
 */
public final class ManifestCheck {
  private final Descriptor manifestType;
  private final Descriptor indexSectionType;

  public ManifestCheck(Path descriptorSet) throws Exception {
    FileDescriptorSet set = FileDescriptorSet.parseFrom(Files.readAllBytes(descriptorSet));
    Map<String, FileDescriptor> built = new HashMap<>();
    for (FileDescriptorProto p : set.getFileList()) { // --include_imports lists dependencies first
      List<FileDescriptor> deps = new ArrayList<>();
      for (String d : p.getDependencyList()) {
        deps.add(built.get(d));
      }
      built.put(p.getName(), FileDescriptor.buildFrom(p, deps.toArray(new FileDescriptor[0])));
    }
    FileDescriptor table = built.get("lance/table.proto");
    manifestType = table.findMessageTypeByName("Manifest");
    indexSectionType = table.findMessageTypeByName("IndexSection");
  }

  /** What protoc's descriptors decode from one manifest file. */
  public record Decoded(long version, long readerFlags, long writerFlags, List<long[]> fragments,
      List<Map<String, Object>> indices) {}

  public Decoded decode(byte[] b) throws Exception {
    if (b.length < 16 || b[b.length - 4] != 'L' || b[b.length - 3] != 'A' || b[b.length - 2] != 'N'
        || b[b.length - 1] != 'C') {
      throw new IllegalStateException("no LANC magic");
    }
    ByteBuffer bb = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
    int pos = (int) bb.getLong(b.length - 16);
    int len = bb.getInt(pos);
    if (pos + 4 + len != b.length - 16) {
      throw new IllegalStateException("manifest length does not match footer");
    }
    DynamicMessage m = DynamicMessage.parseFrom(manifestType, ByteString.copyFrom(b, pos + 4, len));
    List<long[]> frags = new ArrayList<>();
    for (Object o : (List<?>) m.getField(f(manifestType, "fragments"))) {
      Message fr = (Message) o;
      Descriptor fd = fr.getDescriptorForType();
      long deleted = 0;
      long hasDel = 0;
      if (fr.hasField(f(fd, "deletion_file"))) {
        Message del = (Message) fr.getField(f(fd, "deletion_file"));
        deleted = (Long) del.getField(f(del.getDescriptorForType(), "num_deleted_rows"));
        hasDel = 1;
      }
      frags.add(new long[] {(Long) fr.getField(f(fd, "id")), (Long) fr.getField(f(fd, "physical_rows")),
          deleted, hasDel});
    }
    List<Map<String, Object>> indices = new ArrayList<>();
    if (m.hasField(f(manifestType, "index_section"))) {
      int off = (int) (long) (Long) m.getField(f(manifestType, "index_section"));
      int ilen = bb.getInt(off);
      DynamicMessage sec = DynamicMessage.parseFrom(indexSectionType, ByteString.copyFrom(b, off + 4, ilen));
      for (Object o : (List<?>) sec.getField(f(indexSectionType, "indices"))) {
        Message im = (Message) o;
        Descriptor d = im.getDescriptorForType();
        Map<String, Object> x = new HashMap<>();
        Message u = (Message) im.getField(f(d, "uuid"));
        ByteBuffer ub = ((ByteString) u.getField(f(u.getDescriptorForType(), "uuid"))).asReadOnlyByteBuffer();
        x.put("uuid", new UUID(ub.getLong(), ub.getLong()).toString());
        x.put("name", im.getField(f(d, "name")));
        x.put("fields", new ArrayList<>((List<?>) im.getField(f(d, "fields"))));
        x.put("dataset_version", im.getField(f(d, "dataset_version")));
        ByteString bm = (ByteString) im.getField(f(d, "fragment_bitmap"));
        x.put("fragment_ids", bm.isEmpty() ? null : roaring(bm.toByteArray()));
        if (im.hasField(f(d, "index_details"))) {
          Message any = (Message) im.getField(f(d, "index_details"));
          x.put("type_url", any.getField(f(any.getDescriptorForType(), "type_url")));
        } else {
          x.put("type_url", null);
        }
        x.put("index_version", im.hasField(f(d, "index_version")) ? im.getField(f(d, "index_version")) : null);
        x.put("created_at", im.hasField(f(d, "created_at")) ? im.getField(f(d, "created_at")) : null);
        x.put("base_id_present", im.hasField(f(d, "base_id")));
        Map<String, Long> files = new java.util.TreeMap<>();
        for (Object fo : (List<?>) im.getField(f(d, "files"))) {
          Message fm = (Message) fo;
          files.put((String) fm.getField(f(fm.getDescriptorForType(), "path")),
              (Long) fm.getField(f(fm.getDescriptorForType(), "size_bytes")));
        }
        x.put("files", files);
        x.put("covering_fields", new ArrayList<>((List<?>) im.getField(f(d, "covering_fields"))));
        indices.add(x);
      }
    }
    return new Decoded((Long) m.getField(f(manifestType, "version")),
        (Long) m.getField(f(manifestType, "reader_feature_flags")),
        (Long) m.getField(f(manifestType, "writer_feature_flags")), frags, indices);
  }

  private static FieldDescriptor f(Descriptor d, String name) {
    FieldDescriptor fd = d.findFieldByName(name);
    if (fd == null) {
      throw new IllegalStateException(d.getFullName() + " has no field " + name);
    }
    return fd;
  }

  /** Portable 32-bit Roaring deserialization (cookies 12346 and 12347; array, bitmap and run containers). */
  static List<Integer> roaring(byte[] b) {
    ByteBuffer bb = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
    int cookie = bb.getInt();
    int n;
    byte[] runFlags = null;
    boolean hasOffsets;
    if ((cookie & 0xFFFF) == 12347) {
      n = (cookie >>> 16) + 1;
      runFlags = new byte[(n + 7) / 8];
      bb.get(runFlags);
      hasOffsets = n >= 4;
    } else if (cookie == 12346) {
      n = bb.getInt();
      hasOffsets = true;
    } else {
      throw new IllegalStateException("bad roaring cookie " + cookie);
    }
    int[] keys = new int[n];
    int[] cards = new int[n];
    for (int i = 0; i < n; i++) {
      keys[i] = bb.getShort() & 0xFFFF;
      cards[i] = (bb.getShort() & 0xFFFF) + 1;
    }
    if (hasOffsets) {
      bb.position(bb.position() + 4 * n);
    }
    TreeSet<Integer> out = new TreeSet<>();
    for (int i = 0; i < n; i++) {
      int hi = keys[i] << 16;
      boolean run = runFlags != null && (runFlags[i / 8] & (1 << (i % 8))) != 0;
      if (run) {
        int runs = bb.getShort() & 0xFFFF;
        for (int r = 0; r < runs; r++) {
          int start = bb.getShort() & 0xFFFF;
          int l = bb.getShort() & 0xFFFF;
          for (int v = start; v <= start + l; v++) {
            out.add(hi | v);
          }
        }
      } else if (cards[i] > 4096) {
        for (int w = 0; w < 1024; w++) {
          long word = bb.getLong();
          for (int bit = 0; bit < 64; bit++) {
            if ((word & (1L << bit)) != 0) {
              out.add(hi | (w * 64 + bit));
            }
          }
        }
      } else {
        for (int k = 0; k < cards[i]; k++) {
          out.add(hi | (bb.getShort() & 0xFFFF));
        }
      }
    }
    return new ArrayList<>(out);
  }
}
