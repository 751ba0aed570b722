package dev.tableindex.tck.cli;

import picocli.CommandLine.Command;

/** {@code tck iceberg-index ...}: the draft Iceberg index spec (docs/iceberg-index.md). */
@Command(name = "iceberg-index", mixinStandardHelpOptions = true,
        description = "Check, make and build the Iceberg index files of the draft Iceberg index spec with the reference model (docs/iceberg-index.md).",
        subcommands = {IcebergIndexValidateCommand.class,
            IcebergIndexCreateTableCommand.class, IcebergIndexBuildCommand.class, IcebergIndexCheckDataCommand.class})
final class IcebergIndexCommand {
}
