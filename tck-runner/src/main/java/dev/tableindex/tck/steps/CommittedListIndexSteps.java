package dev.tableindex.tck.steps;

import com.google.protobuf.Any;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.tableindex.model.manifest.IndexSegment;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.proto.lance.file.Field;
import dev.tableindex.proto.lance.index.ListElementIndexDetails;
import dev.tableindex.proto.lance.index.ListElementKeyEncoding;
import dev.tableindex.proto.lance.table.BTreeIndexDetails;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Capability {@code table.list_element_index}: a list element index an engine committed to a table, judged on the
 * manifest it wrote (read with the kit's reader) and on the segment's folder ("Index Details", "Storage Layout").
 * Field ids are resolved by name in the manifest's schema: the column, its child (the element struct), and the
 * struct's direct children.
 */
public final class CommittedListIndexSteps {

    @Then("every segment of index {string} is on the field of column {string} alone")
    public void onTheColumnAlone(String name, String column) {
        ManifestFile manifest = TableScenario.current().latestManifest();
        int id = column(manifest, column).getId();
        List<IndexSegment> named = TableManifestSteps.segments(manifest, name);
        for (IndexSegment segment : named) {
            if (!segment.fields().equals(List.of(id))) {
                throw new AssertionError(TableManifestSteps.label(named, segment) + " has IndexMetadata.fields "
                        + segment.fields() + ", expected [" + id + "] (column " + column + "): \"IndexMetadata.fields holds"
                        + " the single list<struct> field the index is built on\"");
            }
        }
    }

    @Then("every segment of index {string} has index_version {int}")
    public void hasIndexVersion(String name, int version) {
        List<IndexSegment> named = TableManifestSteps.segments(TableScenario.current().latestManifest(), name);
        for (IndexSegment segment : named) {
            String actual = segment.indexVersion().isPresent() ? Integer.toString(segment.indexVersion().getAsInt()) : "unset";
            if (segment.indexVersion().orElse(-1) != version) {
                throw new AssertionError(TableManifestSteps.label(named, segment) + " has IndexMetadata.index_version "
                        + actual + ", expected " + version + ": \"IndexMetadata.index_version holds the version of the list"
                        + " element index itself, which is 0\" (the target BTree's goes in target_index_version)");
            }
        }
    }

    @Then("the details of index {string} key on the element fields {string} of column {string}, of key types {string}, encoded ARROW_ROW_V1")
    public void detailsKeyOn(String name, String fields, String column, String types) {
        ManifestFile manifest = TableScenario.current().latestManifest();
        List<String> names = list(fields);
        List<Integer> ids = new ArrayList<>();
        for (String field : names) {
            ids.add(elementField(manifest, column, field).getId());
        }
        List<IndexSegment> named = TableManifestSteps.segments(manifest, name);
        for (IndexSegment segment : named) {
            String where = TableManifestSteps.label(named, segment);
            ListElementIndexDetails details = details(where, segment);
            check(where, "key_field_ids", ids, details.getKeyFieldIdsList(), "the ids of the key fields " + names
                    + ", direct children of the element struct, in key order");
            check(where, "keys", names, details.getKeysList(), "the names the key fields had when the segment was written");
            check(where, "key_types", list(types), details.getKeyTypesList(), "the key fields' logical types");
            if (details.getKeyEncoding() != ListElementKeyEncoding.LIST_ELEMENT_KEY_ENCODING_ARROW_ROW_V1) {
                throw new AssertionError(where + " has key_encoding " + details.getKeyEncodingValue()
                        + ", expected LIST_ELEMENT_KEY_ENCODING_ARROW_ROW_V1 (the encoding defined in Key Encoding)");
            }
        }
    }

    @Then("the target of index {string} is a BTree: target_details holds BTreeIndexDetails and target_index_version is 1 or greater")
    public void targetIsABTree(String name) {
        List<IndexSegment> named = TableManifestSteps.segments(TableScenario.current().latestManifest(), name);
        for (IndexSegment segment : named) {
            String where = TableManifestSteps.label(named, segment);
            ListElementIndexDetails details = details(where, segment);
            Any target = details.getTargetDetails();
            if (!details.hasTargetDetails() || !messageName(target.getTypeUrl()).equalsIgnoreCase(
                    BTreeIndexDetails.getDescriptor().getFullName())) {
                throw new AssertionError(where + " has target_details " + (details.hasTargetDetails() ? "of type URL '"
                        + target.getTypeUrl() + "'" : "unset") + ": \"target_details holds the BTreeIndexDetails of the"
                        + " target index\" (type URL /" + BTreeIndexDetails.getDescriptor().getFullName() + ")");
            }
            try {
                BTreeIndexDetails.parseFrom(target.getValue());
            } catch (InvalidProtocolBufferException e) {
                throw new AssertionError(where + ": target_details does not decode as BTreeIndexDetails: " + e.getMessage());
            }
            if (details.getTargetIndexVersion() < 1) {
                throw new AssertionError(where + " has target_index_version " + details.getTargetIndexVersion()
                        + ": the target's own format version \"is 1 or greater, so the target stores row addresses\"");
            }
        }
    }

    /** The folder {@code _indices/<uuid>/} of the index's one segment becomes the scenario's index directory. */
    @When("the index directory is the folder of the one segment of index {string}")
    public void theFolderOfTheSegment(String name) {
        List<IndexSegment> named = TableManifestSteps.segments(TableScenario.current().latestManifest(), name);
        if (named.size() != 1) {
            throw new AssertionError(name + " has " + named.size() + " segments; one create_index on a table of one"
                    + " fragment wrote one here");
        }
        ScenarioState.indexDirectory(TableScenario.current().dataset().resolve("_indices")
                .resolve(named.get(0).uuid().toString()));
    }

    /** index_details as the manifest holds it: a ListElementIndexDetails (its type URL names that message). */
    private static ListElementIndexDetails details(String where, IndexSegment segment) {
        Any packed = segment.proto().getIndexDetails();
        if (!messageName(packed.getTypeUrl()).toLowerCase(Locale.ROOT).endsWith("listelementindexdetails")) {
            throw new AssertionError(where + " has index_details of type URL '" + packed.getTypeUrl() + "', not a"
                    + " ListElementIndexDetails (\"Index Details\")");
        }
        try {
            return ListElementIndexDetails.parseFrom(packed.getValue());
        } catch (InvalidProtocolBufferException e) {
            throw new AssertionError(where + ": index_details does not decode as ListElementIndexDetails: " + e.getMessage());
        }
    }

    /** The full message name a type URL names: what follows its last '/'. */
    private static String messageName(String typeUrl) {
        return typeUrl.substring(typeUrl.lastIndexOf('/') + 1);
    }

    private static Field column(ManifestFile manifest, String name) {
        return manifest.manifest().getFieldsList().stream().filter(f -> f.getParentId() == -1 && f.getName().equals(name))
                .findFirst().orElseThrow(() -> new AssertionError("the manifest's schema has no column " + name));
    }

    /** A direct child of the element struct of {@code column} (the column's one child). */
    private static Field elementField(ManifestFile manifest, String column, String name) {
        List<Field> fields = manifest.manifest().getFieldsList();
        int columnId = column(manifest, column).getId();
        List<Field> items = fields.stream().filter(f -> f.getParentId() == columnId).toList();
        if (items.size() != 1) {
            throw new AssertionError("column " + column + " has " + items.size() + " child fields in the manifest's"
                    + " schema; a list has one, its element");
        }
        int elementId = items.get(0).getId();
        return fields.stream().filter(f -> f.getParentId() == elementId && f.getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("the element struct of column " + column + " has no field " + name
                        + " in the manifest's schema"));
    }

    private static void check(String where, String field, List<?> expected, List<?> actual, String what) {
        if (!actual.equals(expected)) {
            throw new AssertionError(where + " has " + field + " " + actual + ", expected " + expected + " (" + what + ")");
        }
    }

    private static List<String> list(String text) {
        return Arrays.stream(text.split(",")).map(String::strip).toList();
    }
}
