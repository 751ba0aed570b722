package dev.tableindex.tck.cli;

import dev.tableindex.model.json.JsonInputException;
import dev.tableindex.model.io.FileProblems;
import dev.tableindex.model.json.KitJson;
import com.fasterxml.jackson.databind.JsonNode;
import dev.tableindex.model.iceberg.metadata.IndexMetadataFormatException;
import dev.tableindex.model.iceberg.metadata.IndexMetadataJson;
import dev.tableindex.model.iceberg.metadata.IndexMetadataValidator;
import dev.tableindex.model.iceberg.metadata.Violation;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.iceberg.Schema;
import org.apache.iceberg.SchemaParser;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code tck iceberg-index validate FILE [--schema FILE]}: every violation of an index metadata file, one line
 * each ({@code <json path>: <rule>: <message>}); exit 1 if there is any, 2 when a file cannot be read.
 */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = {"Check an Iceberg index metadata file against the draft's rules; print every violation as "
            + "'<JSON path>: <rule>: <message>'. Exit 0 valid, 1 violations, 2 unreadable input."})
final class IcebergIndexValidateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "An index metadata file (JSON).")
    Path file;

    @Option(names = "--schema", paramLabel = "FILE",
            description = "The source table's schema: Iceberg schema JSON, or Iceberg table metadata JSON (all its"
                    + " schemas); without it the rules about the source schema are not checked.")
    Path schemaFile;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        byte[] bytes;
        try {
            bytes = KitJson.readBytes(file);
            IndexMetadataJson.parse(bytes);
        } catch (JsonInputException | IndexMetadataFormatException e) {
            err.println("error: " + file + ": " + e.getMessage());
            return TckCli.EXIT_BAD_INPUT;
        }
        List<Schema> schemas;
        try {
            schemas = schemaFile == null ? List.of() : schemas(schemaFile);
        } catch (IOException e) {
            err.println("error: " + schemaFile + ": cannot be read: " + FileProblems.describe(e));
            return TckCli.EXIT_BAD_INPUT;
        } catch (IllegalArgumentException e) {
            err.println("error: " + schemaFile + ": " + e.getMessage());
            return TckCli.EXIT_BAD_INPUT;
        }
        IndexMetadataValidator validator = schemas.isEmpty()
                ? IndexMetadataValidator.withoutSourceSchema()
                : IndexMetadataValidator.withSourceSchemas(schemas);
        List<Violation> violations = validator.validate(bytes);
        violations.forEach(out::println);
        String scope = schemas.isEmpty() ? " (rules about the source schema not checked: no --schema)" : "";
        if (violations.isEmpty()) {
            out.println(file + ": valid" + scope);
            return 0;
        }
        out.println(file + ": " + violations.size() + (violations.size() == 1 ? " violation" : " violations") + scope);
        return TckCli.EXIT_FAILED_CHECKS;
    }

    /** The schemas of an Iceberg schema or table metadata file. */
    private static List<Schema> schemas(Path path) throws IOException {
        JsonNode root;
        root = KitJson.read(path);
        if (!root.isObject()) {
            throw new IllegalArgumentException("not an Iceberg schema or table metadata (a JSON object)");
        }
        List<Schema> schemas = new ArrayList<>();
        try {
            if (root.has("schemas")) {
                root.get("schemas").forEach(s -> schemas.add(SchemaParser.fromJson(s)));
            } else if (root.has("schema")) {
                schemas.add(SchemaParser.fromJson(root.get("schema")));
            } else {
                schemas.add(SchemaParser.fromJson(root));
            }
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("not an Iceberg schema: " + e.getMessage());
        }
        return schemas;
    }
}
