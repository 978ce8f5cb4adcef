//! The program's entry: the command line (`cli`), the server's start (`server`), the router and
//! its middleware (`web`), the API description (`openapi`), the message catalogue of every area
//! (`catalogue`) and the demo data (`seed`). Only this floor knows every area; nothing below imports it.

pub mod catalogue;
pub mod cli;
pub mod openapi;
pub mod seed;
pub mod server;
pub mod web;
