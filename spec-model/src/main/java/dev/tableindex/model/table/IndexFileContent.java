package dev.tableindex.model.table;

import dev.tableindex.model.json.JsonInputException;
import dev.tableindex.model.json.KitJson;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tableindex.model.index.IndexTypes;
import dev.tableindex.model.index.IndexV2Projection;
import dev.tableindex.model.lancefile.LanceFileFormatException;
import dev.tableindex.model.listindex.ListElementIndex;
import dev.tableindex.model.listindex.TargetBTreeFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.roaringbitmap.RoaringBitmap;

/**
 * What the reference writes in an index segment's folder {@code _indices/<uuid>/}: the indexed (value, row address)
 * pairs sorted by value (nulls first) then address — for label_list one pair per list element, a null list as a
 * null value; for a list element index one pair per element, its encoded key tuple, a null list as a null value —
 * or, for ivf_flat, the row addresses of the non-null vectors.
 *
 * <p>A list element index's files are its target BTree's, {@code page_data.lance} and {@code page_lookup.lance}
 * ("The list element index writes no files of its own", {@link TargetBTreeFiles}); every other kind is one file,
 * {@code index.idx} (not a Lance index file), JSON:
 * {@code {"format":"tableindex-reference-index/1","index_type":"btree","entries":[[value,address]]}}
 * or {@code ..."row_addresses":[address]}.
 */
public record IndexFileContent(IndexTypes.Kind kind, List<Entry> entries) {
    public static final String FORMAT = "tableindex-reference-index/1";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Comparator<Entry> ORDER = Comparator.comparing(Entry::value, Values.NULLS_FIRST)
            .thenComparingLong(Entry::rowAddress);

    /** One indexed value at one row; the value is null for ivf_flat. */
    public record Entry(Object value, long rowAddress) {
    }

    public IndexFileContent {
        List<Entry> sorted = new ArrayList<>(entries);
        sorted.sort(ORDER);
        entries = List.copyOf(sorted);
    }

    /** The fragments whose rows the file holds: how a reader recovers an unknown fragment_bitmap. */
    public RoaringBitmap fragments() {
        RoaringBitmap fragments = new RoaringBitmap();
        entries.forEach(e -> fragments.add((int) RowAddress.fragmentId(e.rowAddress())));
        return fragments;
    }

    /** The segment's files, by name, in the order the manifest lists them. */
    public Map<String, byte[]> files() {
        if (kind == IndexTypes.Kind.LIST_ELEMENT) {
            List<ListElementIndex.Entry> pageData = entries.stream()
                    .map(e -> new ListElementIndex.Entry((byte[]) e.value(), e.rowAddress())).toList();
            return TargetBTreeFiles.encode(pageData, ListElementIndex.DEFAULT_PAGE_SIZE);
        }
        return Map.of(IndexV2Projection.REFERENCE_FILE_NAME, encode());
    }

    /**
     * A segment's content read back from its folder: {@code index.idx}, or a list element index's target BTree
     * files; empty when the folder holds neither (another engine's index) or they do not decode.
     */
    public static Optional<IndexFileContent> read(Path folder) {
        try {
            Path json = folder.resolve(IndexV2Projection.REFERENCE_FILE_NAME);
            if (Files.isRegularFile(json)) {
                return Optional.of(decode(Files.readAllBytes(json), json.toString()));
            }
            if (Files.isRegularFile(folder.resolve(TargetBTreeFiles.PAGE_DATA))) {
                List<Entry> entries = TargetBTreeFiles.read(folder).entries().stream()
                        .map(e -> new Entry(e.values(), e.rowAddress())).toList();
                return Optional.of(new IndexFileContent(IndexTypes.Kind.LIST_ELEMENT, entries));
            }
            return Optional.empty();
        } catch (IllegalArgumentException | LanceFileFormatException e) { // not the reference's file, or Lance files it cannot read
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private byte[] encode() {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("format", FORMAT);
        root.put("index_type", kind.kitName());
        if (kind == IndexTypes.Kind.IVF_FLAT) {
            ArrayNode addresses = root.putArray("row_addresses");
            entries.forEach(e -> addresses.add(e.rowAddress()));
        } else {
            ArrayNode out = root.putArray("entries");
            for (Entry e : entries) {
                ArrayNode pair = out.addArray();
                Object v = e.value();
                if (v == null) {
                    pair.addNull();
                } else if (v instanceof Long l) {
                    pair.add(l);
                } else if (v instanceof Double d) {
                    pair.add(d);
                } else if (v instanceof Boolean b) {
                    pair.add(b);
                } else {
                    pair.add((String) v);
                }
                pair.add(e.rowAddress());
            }
        }
        try {
            return JSON.writeValueAsBytes(root);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static IndexFileContent decode(byte[] bytes, String source) {
        JsonNode root;
        try {
            root = KitJson.read(bytes);
        } catch (JsonInputException e) {
            throw new IllegalArgumentException("index file " + source + " (" + bytes.length + " bytes): " + e.getMessage());
        }
        if (!FORMAT.equals(root.path("format").asText())) {
            throw new IllegalArgumentException(source + " is not a reference index file (" + FORMAT + ")");
        }
        IndexTypes.Kind kind = IndexTypes.Kind.byKitName(root.path("index_type").asText())
                .orElseThrow(() -> new IllegalArgumentException(source + ": unknown index_type"));
        List<Entry> entries = new ArrayList<>();
        if (kind == IndexTypes.Kind.IVF_FLAT) {
            root.path("row_addresses").forEach(a -> entries.add(new Entry(null, a.asLong())));
        } else {
            for (JsonNode pair : root.path("entries")) {
                JsonNode v = pair.get(0);
                Object value = v.isNull() ? null : v.isIntegralNumber() ? (Object) v.asLong()
                        : v.isNumber() ? (Object) v.asDouble() : v.isBoolean() ? (Object) v.asBoolean() : v.asText();
                entries.add(new Entry(value, pair.get(1).asLong()));
            }
        }
        return new IndexFileContent(kind, entries);
    }
}
