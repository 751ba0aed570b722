package dev.tableindex.tck.cli;

import dev.tableindex.model.key.KeyDecoder;
import dev.tableindex.model.key.KeyNotation;
import dev.tableindex.model.key.KeyType;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code tck decode-key --type ... HEX}: the tuple an ARROW_ROW_V1 encoding holds, as a JSON array. */
@Command(name = "decode-key", mixinStandardHelpOptions = true,
        description = {"Print the key tuple of an ARROW_ROW_V1 encoding as a JSON array (the encode-key notation).",
            "  tck decode-key --type string --type float 02 63 61 72 00 00 00 00 00 03 01 BF 00 00 00"})
final class DecodeKeyCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--type", paramLabel = "TYPE", required = true, description = "Key type, once per key, in key order.")
    List<String> types = new ArrayList<>();

    @Parameters(paramLabel = "HEX", arity = "1..*", description = "The bytes in hex (spaces allowed).")
    List<String> hex = new ArrayList<>();

    @Override
    public Integer call() {
        try {
            List<KeyType> keyTypes = types.stream().map(KeyType::parse).toList();
            byte[] bytes = HexFormat.of().parseHex(String.join("", hex).replace(" ", ""));
            spec.commandLine().getOut().println(KeyNotation.formatTuple(keyTypes, KeyDecoder.decode(keyTypes, bytes)));
            return 0;
        } catch (IllegalArgumentException e) { // KeyDecodingException, KeyTypeException, bad hex
            spec.commandLine().getErr().println("error: " + e.getMessage());
            return TckCli.EXIT_BAD_INPUT;
        }
    }
}
