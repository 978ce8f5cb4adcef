//! The `fieldsales` binary: parses the command line and hands over to `cli`.

fn main() -> std::process::ExitCode {
    fieldsales::cli::main()
}
