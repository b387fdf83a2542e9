//! One `-engine` on the command line: how to start it, which protocol it speaks,
//! its options and time control.

use std::fmt;

use super::timecontrol::TimeControl;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Proto {
    Uci,
    Gomocup,
}

#[derive(Debug, Clone)]
pub struct EngineConfig {
    pub name: String,
    pub cmd: String,
    pub args: Vec<String>,
    pub dir: Option<String>,
    pub proto: Proto,
    /// `option.NAME=VALUE` settings, sent in the order given.
    pub options: Vec<(String, String)>,
    pub tc: TimeControl,
    /// Wall time allowed past the clock before a move counts as late (ms).
    pub margin_ms: u64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError(pub String);

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ConfigError {}

/// The default `timemargin`: wall time an engine may use past its clock before the
/// move is a time forfeit. It absorbs pipe and scheduling latency on a loaded machine.
pub const DEFAULT_MARGIN_MS: u64 = 100;

impl EngineConfig {
    pub fn new() -> EngineConfig {
        EngineConfig {
            name: String::new(),
            cmd: String::new(),
            args: Vec::new(),
            dir: None,
            proto: Proto::Uci,
            options: Vec::new(),
            tc: TimeControl::default(),
            margin_ms: DEFAULT_MARGIN_MS,
        }
    }

    /// Applies one `key=value` setting from `-engine` or `-each`.
    pub fn apply(&mut self, key: &str, value: &str) -> Result<(), ConfigError> {
        if let Some(opt) = key.strip_prefix("option.") {
            self.options.retain(|(k, _)| k != opt);
            self.options.push((opt.to_string(), value.to_string()));
            return Ok(());
        }
        match key {
            "cmd" => self.cmd = value.to_string(),
            "args" => self.args = value.split_whitespace().map(str::to_string).collect(),
            "arg" => self.args.push(value.to_string()),
            "dir" => self.dir = Some(value.to_string()),
            "name" => self.name = value.to_string(),
            "proto" => {
                self.proto = match value {
                    "uci" => Proto::Uci,
                    "gomocup" | "pbrain" => Proto::Gomocup,
                    _ => return Err(ConfigError(format!("unknown proto '{value}' (uci or gomocup)"))),
                }
            }
            "timemargin" => {
                self.margin_ms = value.parse().map_err(|_| ConfigError(format!("bad timemargin '{value}'")))?
            }
            _ => {
                let known = self.tc.apply(key, value).map_err(|e| ConfigError(e.to_string()))?;
                if !known {
                    return Err(ConfigError(format!("unknown engine setting '{key}'")));
                }
            }
        }
        Ok(())
    }

    /// Fills in a name from the command when none was given and checks the result.
    pub fn finish(&mut self) -> Result<(), ConfigError> {
        if self.cmd.is_empty() {
            return Err(ConfigError("an -engine needs cmd=PATH".into()));
        }
        if self.name.is_empty() {
            self.name = self.cmd.rsplit('/').next().unwrap_or(&self.cmd).to_string();
        }
        if !self.tc.is_timed() && self.tc.nodes.is_none() && self.tc.depth.is_none() {
            return Err(ConfigError(format!(
                "engine '{}' has no time control: give tc=, st=, nodes= or depth= (in -each or -engine)",
                self.name
            )));
        }
        Ok(())
    }
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig::new()
    }
}
