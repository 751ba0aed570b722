package dev.tableindex.tck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tableindex.tck.golden.GoldenFiles;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tck iceberg-index validate}: violations with JSON paths, exit 1 on violations, 2 on unreadable input. */
class IcebergIndexValidateCommandTest {
    private static final Path METADATA = GoldenFiles.locate().root().resolve("iceberg-index/metadata");
    private static final String SCHEMA = METADATA.resolve("source-schema.json").toString();

    private record Run(int exitCode, String out, String err) {
    }

    private static Run tck(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = TckCli.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void aValidFileExitsZero() {
        Path file = METADATA.resolve("valid/full.json");
        Run run = tck("iceberg-index", "validate", file.toString(), "--schema", SCHEMA);
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).isEqualTo(file + ": valid" + System.lineSeparator());
        assertThat(run.err()).isEmpty();
    }

    @Test
    void everyViolationIsPrintedWithItsJsonPathAndTheExitIsOne() {
        Path file = METADATA.resolve("invalid/many-violations.json");
        Run run = tck("iceberg-index", "validate", file.toString(), "--schema", SCHEMA);
        assertThat(run.exitCode()).isEqualTo(TckCli.EXIT_FAILED_CHECKS);
        assertThat(run.out().lines().toList()).containsExactly(
                "$['format-version']: format-version: format-version is 2; it must be 1",
                "$['location']: location-not-absolute: location \"warehouse/by_user\" has no URI scheme; it must be an absolute path",
                "$['type']: type-upper-case: type \"Scalar\" is not upper case; writers must write \"SCALAR\"",
                "$['snapshots'][0]['tracking-file']: required-field: required field \"tracking-file\" is missing",
                "$['snapshots'][1]['snapshot-id']: snapshot-id-duplicate: snapshot-id 1 is already used by $['snapshots'][0]",
                file + ": 5 violations");
    }

    @Test
    void withoutASchemaTheOutputSaysWhatWasNotChecked() {
        Path file = METADATA.resolve("invalid/identity-field-not-in-schema.json");
        Run run = tck("iceberg-index", "validate", file.toString());
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("rules about the source schema not checked");
        assertThat(tck("iceberg-index", "validate", file.toString(), "--schema", SCHEMA).exitCode()).isEqualTo(1);
    }

    @Test
    void aTableMetadataFileGivesItsSchemas(@TempDir Path dir) throws Exception {
        Path table = dir.resolve("v1.metadata.json");
        Files.writeString(table, "{\"format-version\": 2, \"schemas\": [" + Files.readString(Path.of(SCHEMA)) + "]}");
        Run run = tck("iceberg-index", "validate", METADATA.resolve("invalid/field-id-in-source-schema.json").toString(),
                "--schema", table.toString());
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).contains("$['non-materialized-fields'][0]['field-id']: field-id-in-source-schema");
    }

    @Test
    void unreadableInputIsOneErrorLineAndExitTwo(@TempDir Path dir) throws Exception {
        Run missing = tck("iceberg-index", "validate", dir.resolve("nope.json").toString());
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).isEqualTo("error: " + dir.resolve("nope.json") + ": cannot be read: no such file or folder"
                + System.lineSeparator());

        Path notJson = dir.resolve("broken.json");
        Files.writeString(notJson, "{\"format-version\": 1,\n  \"type\": }");
        Run broken = tck("iceberg-index", "validate", notJson.toString());
        assertThat(broken.exitCode()).isEqualTo(2);
        assertThat(broken.err().lines().toList()).hasSize(1);
        assertThat(broken.err()).startsWith("error: " + notJson + ": $: not JSON: ").contains("line 2, column");

        Path array = dir.resolve("array.json");
        Files.writeString(array, "[1]");
        assertThat(tck("iceberg-index", "validate", array.toString()).err())
                .isEqualTo("error: " + array + ": $: an index metadata file is a JSON object" + System.lineSeparator());

        Path badSchema = dir.resolve("schema.json");
        Files.writeString(badSchema, "{\"type\": \"struct\", \"fields\": [{\"id\": \"x\"}]}");
        Run schema = tck("iceberg-index", "validate", METADATA.resolve("valid/full.json").toString(), "--schema", badSchema.toString());
        assertThat(schema.exitCode()).isEqualTo(2);
        assertThat(schema.err()).startsWith("error: " + badSchema + ": not an Iceberg schema: ");
        assertThat(schema.err().lines().toList()).hasSize(1);
    }
}
