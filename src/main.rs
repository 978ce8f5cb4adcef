//! The `fieldsales` binary: parses the command line and hands over to `cli`.

fn main() -> std::process::ExitCode {
    fieldsales::platform::memory::tune_allocator();
    fieldsales::platform::files::private_by_default();
    fieldsales::app::cli::main()
}
