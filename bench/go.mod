module github.com/jsonheal/jsonheal/bench

go 1.26.5

require (
	github.com/RealAlexandreAI/json-repair v0.0.18
	github.com/bytedance/sonic v1.15.5
	github.com/jsonheal/jsonheal v0.0.0
	github.com/kaptinlin/jsonrepair v0.2.15
	github.com/kaptinlin/jsonschema v0.9.8
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	github.com/stretchr/testify v1.12.1
	github.com/valyala/fastjson v1.6.10
	github.com/xeipuuv/gojsonschema v1.2.0
)

require (
	github.com/bytedance/gopkg v0.1.3 // indirect
	github.com/bytedance/sonic/loader v0.5.3 // indirect
	github.com/cloudwego/base64x v0.1.6 // indirect
	github.com/go-json-experiment/json v0.0.0-20260623181947-01eb4420fa68 // indirect
	github.com/goccy/go-yaml v1.19.2 // indirect
	github.com/kaptinlin/jsonpointer v0.4.28 // indirect
	github.com/klauspost/compress v1.20.4 // indirect
	github.com/klauspost/cpuid/v2 v2.2.9 // indirect
	github.com/twitchyliquid64/golang-asm v0.15.1 // indirect
	github.com/xeipuuv/gojsonpointer v0.0.0-20180127040702-4e3ac2762d5f // indirect
	github.com/xeipuuv/gojsonreference v0.0.0-20180127040603-bd5ef7bd5415 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	golang.org/x/arch v0.0.0-20210923205945-b76863e36670 // indirect
	golang.org/x/sys v0.22.0 // indirect
	golang.org/x/text v0.40.0 // indirect
)

replace github.com/jsonheal/jsonheal => ../
